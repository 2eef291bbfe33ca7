/**
 * Widget results per (dataset version, compiled query, caller scope), each stored with the stamp
 * of its source data: a hit only counts when the source's stamp is still the same, so a form
 * change drops every result over that form on every instance without any message between them.
 * Entries are evicted oldest-used first.
 */
export class ResultCache<V> {
  private readonly entries = new Map<string, { stamp: string; value: V }>();
  private readonly inflight = new Map<string, Promise<V>>();

  constructor(private readonly max: number) {}

  get(key: string, stamp: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.stamp !== stamp) {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, stamp: string, value: V): void {
    if (this.max === 0) return;
    this.entries.delete(key);
    this.entries.set(key, { stamp, value });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  /** The same query asked again while it runs shares the first run (a dashboard opened by many at once). */
  async once(key: string, stamp: string, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key, stamp);
    if (hit !== undefined) return hit;
    const flightKey = `${key}@${stamp}`;
    const running = this.inflight.get(flightKey);
    if (running) return running;
    const p = load().then(
      (v) => {
        this.set(key, stamp, v);
        return v;
      },
    ).finally(() => this.inflight.delete(flightKey));
    this.inflight.set(flightKey, p);
    return p;
  }

  clear(): void {
    this.entries.clear();
  }
}
