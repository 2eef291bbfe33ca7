import { sql, type Kysely } from 'kysely';

/*
 * Keys of the session-level advisory locks the server takes; one list, so no two features pick
 * the same number. (Transaction-level keys, such as the admin guard's, live with their feature.)
 */
export const LOCK = {
  /** Migrations and the seed steps after them (db/migrate.ts). */
  schema: 5_200_028,
  /** pg-boss queue and schedule creation at start (jobs/boss.ts): concurrent create_queue deadlocks. */
  jobsSetup: 5_200_029,
  /** One backup at a time per database (modules/backup). */
  backup: 5_200_030,
  /** The demo's packaged applications installed at start (apps/): two instances would both install. */
  applications: 5_200_031,
} as const;

/**
 * Runs `work` while holding a session advisory lock on a connection of its own, so the lock spans
 * every transaction `work` runs on other connections. Another instance asking for the same key
 * waits until this one is done.
 */
export async function withSessionLock<T>(db: Kysely<unknown>, key: number, work: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${key})`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}

/** Like withSessionLock, but gives up at once (returns null) when another session holds the key. */
export async function trySessionLock<T>(db: Kysely<unknown>, key: number, work: () => Promise<T>): Promise<T | null> {
  return db.connection().execute(async (conn) => {
    const got = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${key}) as ok`.execute(conn);
    if (!got.rows[0]?.ok) return null;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}
