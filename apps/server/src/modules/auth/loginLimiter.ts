import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

const WINDOW_MS = 60_000;

/**
 * Counts login attempts per (user name, IP) and per IP in PostgreSQL, so the limit holds across
 * every server instance. A right password gives its attempt back, so only failures stay counted: a
 * user who logs in often is never locked out. A burst from one address limits that address only,
 * for at most one window; other addresses log in as usual.
 */
export class LoginLimiter {
  /** Read on every check: an administrator may change the limit while the server runs. */
  private readonly perUserAndIp: () => number;

  constructor(
    private readonly db: Kysely<Database>,
    perUserAndIp: number | (() => number),
  ) {
    this.perUserAndIp = typeof perUserAndIp === 'number' ? () => perUserAndIp : perUserAndIp;
  }

  private keys(username: string, ip: string): Array<{ key: string; limit: number }> {
    const limit = this.perUserAndIp();
    return [
      { key: `u:${username.toLowerCase()}|${ip}`, limit },
      // Spraying many user names from one address is limited more loosely.
      { key: `ip:${ip}`, limit: limit * 5 },
    ];
  }

  /**
   * Takes one attempt from the allowance before the password is checked (issue 15 §2): the
   * counters go up in one statement, under PostgreSQL's row locks, so N parallel guesses can never
   * test more than the limit — a check first and a count after let all of them through. False when
   * the allowance of this window is spent. A wrong password keeps its attempt; `release` returns it
   * after a right one.
   */
  async reserve(username: string, ip: string): Promise<boolean> {
    const keys = this.keys(username, ip);
    const cutoff = new Date(Date.now() - WINDOW_MS);
    const rows = await this.db
      .insertInto('auth_login_failure')
      .values(keys.map(({ key }) => ({ key, window_start: new Date(), failures: 1 })))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          // A window that has passed starts again at one; a window never grows longer.
          failures: sql`case when auth_login_failure.window_start < ${cutoff} then 1 else auth_login_failure.failures + 1 end`,
          window_start: sql`case when auth_login_failure.window_start < ${cutoff} then now() else auth_login_failure.window_start end`,
        }),
      )
      .returning(['key', 'failures'])
      .execute();
    return rows.every((r) => r.failures <= (keys.find((k) => k.key === r.key)?.limit ?? Infinity));
  }

  /** After a right password: the user's count starts again and the address gets its attempt back. */
  async release(username: string, ip: string): Promise<void> {
    const [user, address] = this.keys(username, ip);
    await this.db.deleteFrom('auth_login_failure').where('key', '=', user!.key).execute();
    await this.db
      .updateTable('auth_login_failure')
      .set({ failures: sql`greatest(failures - 1, 0)` })
      .where('key', '=', address!.key)
      .execute();
  }

  async purgeOld(): Promise<void> {
    await this.db
      .deleteFrom('auth_login_failure')
      .where('window_start', '<', new Date(Date.now() - WINDOW_MS))
      .execute();
  }
}

/** The LoginLimiter is part of every module's context (see context.ts). */
declare module '../../context.ts' {
  interface AppContext {
    limiter: LoginLimiter;
  }
}
