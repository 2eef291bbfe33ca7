import { tooManyRequests } from '../../../plugins/errors.ts';

export const LIMITER_TEXT = { queueFull: '报表查询排队过多，请稍后再试' } as const;

interface Waiter {
  user: string;
  start: () => void;
}

/**
 * At most `perUser` report queries per user and `perServer` in all run at once; the rest wait in
 * arrival order (a waiter whose user is at their limit lets later users' queries pass). So one
 * heavy dashboard takes a bounded share of the database, and form calls keep their pool.
 */
export class QueryLimiter {
  private running = 0;
  private readonly byUser = new Map<string, number>();
  private readonly queue: Waiter[] = [];

  constructor(
    private readonly perUser: number,
    private readonly perServer: number,
    private readonly maxQueuedPerUser = 200,
  ) {}

  async run<T>(user: string, task: () => Promise<T>): Promise<T> {
    await this.acquire(user);
    try {
      return await task();
    } finally {
      this.release(user);
    }
  }

  private canStart(user: string): boolean {
    return this.running < this.perServer && (this.byUser.get(user) ?? 0) < this.perUser;
  }

  private take(user: string): void {
    this.running += 1;
    this.byUser.set(user, (this.byUser.get(user) ?? 0) + 1);
  }

  private acquire(user: string): Promise<void> {
    if (this.queue.length === 0 && this.canStart(user)) {
      this.take(user);
      return Promise.resolve();
    }
    if (this.queue.filter((w) => w.user === user).length >= this.maxQueuedPerUser) {
      return Promise.reject(tooManyRequests(LIMITER_TEXT.queueFull));
    }
    return new Promise((resolve) => this.queue.push({ user, start: resolve }));
  }

  private release(user: string): void {
    this.running -= 1;
    const n = (this.byUser.get(user) ?? 1) - 1;
    if (n === 0) this.byUser.delete(user);
    else this.byUser.set(user, n);
    for (let i = 0; i < this.queue.length && this.running < this.perServer; ) {
      const w = this.queue[i]!;
      if (this.canStart(w.user)) {
        this.queue.splice(i, 1);
        this.take(w.user);
        w.start();
      } else i += 1;
    }
  }

  get stats() {
    return { running: this.running, queued: this.queue.length };
  }
}
