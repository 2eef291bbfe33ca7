interface Batch<Meta, Item> {
  owner: object;
  key: string;
  meta: Meta;
  items: Item[];
}

export interface TurnBatcherOptions<Meta, Item> {
  /** A batch this large goes out at once, whatever else is in flight. */
  isFull(meta: Meta, items: Item[]): boolean;
  /**
   * Statements in flight per target before new work waits for one of them to finish. Under load
   * this is what lets batches grow; an idle target sends at once, so a lone call never waits.
   */
  maxInFlight: number;
  /** Sends one batch; must settle every item itself (it is never retried here). */
  send(meta: Meta, items: Item[]): Promise<void>;
}

/**
 * Calls that arrive in the same event-loop turn for the same target (a table, a column set, a
 * company scope…) go out as one statement. On this 2-core box every round trip to PostgreSQL costs
 * both processes a wake-up, and parsing a statement costs PostgreSQL more than running it
 * (bench/forms.ts), so sharing statements is what keeps the API near raw SQL.
 *
 * A batch is flushed on setImmediate — right after the I/O callbacks of the current turn, never on
 * a timer — unless `maxInFlight` statements for its target are still running; it then goes out as
 * soon as one of them finishes, carrying everything that arrived meanwhile.
 */
export class TurnBatcher<Meta, Item> {
  private readonly pending = new Map<object, Map<string, Batch<Meta, Item>>>();
  private readonly running = new Map<object, Map<string, number>>();

  constructor(private readonly options: TurnBatcherOptions<Meta, Item>) {}

  /** Adds `item` to the open batch of (owner, key), opening one with `meta()` if there is none. */
  add(owner: object, key: string, meta: () => Meta, item: Item): void {
    let byKey = this.pending.get(owner);
    if (!byKey) this.pending.set(owner, (byKey = new Map()));
    let batch = byKey.get(key);
    if (!batch) {
      batch = { owner, key, meta: meta(), items: [] };
      byKey.set(key, batch);
      const scheduled = batch;
      setImmediate(() => {
        if (this.inFlight(owner, key) < this.options.maxInFlight) this.flush(scheduled);
      });
    }
    batch.items.push(item);
    if (this.options.isFull(batch.meta, batch.items)) this.flush(batch);
  }

  private inFlight(owner: object, key: string): number {
    return this.running.get(owner)?.get(key) ?? 0;
  }

  private count(owner: object, key: string, delta: 1 | -1): void {
    let byKey = this.running.get(owner);
    if (!byKey) this.running.set(owner, (byKey = new Map()));
    const n = (byKey.get(key) ?? 0) + delta;
    if (n > 0) byKey.set(key, n);
    else {
      byKey.delete(key);
      if (byKey.size === 0) this.running.delete(owner);
    }
  }

  private flush(batch: Batch<Meta, Item>): void {
    const byKey = this.pending.get(batch.owner);
    if (byKey?.get(batch.key) !== batch) return; // already sent
    byKey.delete(batch.key);
    if (byKey.size === 0) this.pending.delete(batch.owner);
    this.count(batch.owner, batch.key, 1);
    void this.options
      .send(batch.meta, batch.items)
      .catch(() => undefined) // send settles its items; nothing may escape as an unhandled rejection
      .finally(() => {
        this.count(batch.owner, batch.key, -1);
        // Work that waited for this statement goes now, as one batch.
        const waiting = this.pending.get(batch.owner)?.get(batch.key);
        if (waiting && this.inFlight(batch.owner, batch.key) < this.options.maxInFlight) this.flush(waiting);
      });
  }
}
