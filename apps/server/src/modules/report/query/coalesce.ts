/**
 * Calls with the same key made while one is running share its result. A dashboard opened by
 * several users at once sends the same small reads (a dataset's stamp, a user's access to a
 * report) dozens of times in the same instant; shared, they stay off the pool the form calls use.
 *
 * With `maxAgeMs` > 0 an answer is also kept that long, counted from when its read started, so a
 * repeated widget call costs no round trip at all (REPORT_STAMP_MAX_AGE_MS, ADR 0019): an answer
 * is then at most `maxAgeMs` older than the ask. With 0 nothing is kept after the call ends.
 */
export class Coalescer<T> {
  private readonly running = new Map<string, Promise<T>>();
  private readonly kept = new Map<string, { at: number; value: T }>();

  constructor(private readonly maxAgeMs = 0) {}

  run(key: string, load: () => Promise<T>): Promise<T> {
    if (this.maxAgeMs > 0) {
      const hit = this.kept.get(key);
      if (hit && performance.now() - hit.at < this.maxAgeMs) return Promise.resolve(hit.value);
    }
    const running = this.running.get(key);
    if (running) return running;
    const at = performance.now();
    const p = load()
      .then((value) => {
        if (this.maxAgeMs > 0) this.keep(key, at, value);
        return value;
      })
      .finally(() => this.running.delete(key));
    this.running.set(key, p);
    return p;
  }

  /** Forgets a key now (its source changed on this instance). */
  forget(key: string): void {
    this.kept.delete(key);
  }

  /** Forgets every key starting with `prefix`. */
  forgetPrefix(prefix: string): void {
    for (const key of this.kept.keys()) if (key.startsWith(prefix)) this.kept.delete(key);
  }

  private keep(key: string, at: number, value: T): void {
    this.kept.delete(key);
    this.kept.set(key, { at, value });
    // Bounded: the oldest kept answers go first (they are the first to be stale anyway).
    while (this.kept.size > 10_000) this.kept.delete(this.kept.keys().next().value!);
  }
}
