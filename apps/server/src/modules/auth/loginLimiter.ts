import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

const WINDOW_MS = 60_000;

/**
 * Counts wrong logins per (user name, IP) and per IP in PostgreSQL, so the limit holds across
 * every server instance. Only failures count: a user who logs in often is never locked out.
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

  async isBlocked(username: string, ip: string): Promise<boolean> {
    const keys = this.keys(username, ip);
    const rows = await this.db
      .selectFrom('auth_login_failure')
      .select(['key', 'failures'])
      .where('key', 'in', keys.map((k) => k.key))
      .where('window_start', '>', new Date(Date.now() - WINDOW_MS))
      .execute();
    return rows.some((r) => r.failures >= (keys.find((k) => k.key === r.key)?.limit ?? Infinity));
  }

  async recordFailure(username: string, ip: string): Promise<void> {
    const cutoff = new Date(Date.now() - WINDOW_MS);
    for (const { key } of this.keys(username, ip)) {
      await this.db
        .insertInto('auth_login_failure')
        .values({ key, window_start: new Date(), failures: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            // A window that has passed starts again at one.
            failures: sql`case when auth_login_failure.window_start < ${cutoff} then 1 else auth_login_failure.failures + 1 end`,
            window_start: sql`case when auth_login_failure.window_start < ${cutoff} then now() else auth_login_failure.window_start end`,
          }),
        )
        .execute();
    }
  }

  async clear(username: string, ip: string): Promise<void> {
    await this.db
      .deleteFrom('auth_login_failure')
      .where('key', '=', `u:${username.toLowerCase()}|${ip}`)
      .execute();
  }

  async purgeOld(): Promise<void> {
    await this.db
      .deleteFrom('auth_login_failure')
      .where('window_start', '<', new Date(Date.now() - WINDOW_MS))
      .execute();
  }
}
