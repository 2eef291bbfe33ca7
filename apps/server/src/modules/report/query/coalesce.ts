/**
 * Calls with the same key made while one is running share its result. A dashboard opened by
 * several users at once sends the same small reads (a dataset's stamp, a user's access to a
 * report) dozens of times in the same instant; shared, they stay off the pool the form calls use.
 * Nothing is kept after the call ends: an answer is at most one running read older than the ask.
 */
export class Coalescer<T> {
  private readonly running = new Map<string, Promise<T>>();

  run(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.running.get(key);
    if (hit) return hit;
    const p = load().finally(() => this.running.delete(key));
    this.running.set(key, p);
    return p;
  }
}
