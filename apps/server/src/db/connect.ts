import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// int8 (bigint ids, counts) comes back as text by default; ids stay text inside the server and
// are converted to numbers at the API edge, where they fit in 2^53.
/*
 * pg-pool listens for a new client's errors only once its connection is made. A connection refused
 * while PostgreSQL is down or restarting is reported to the caller (a 503), but pg also emits it as
 * an 'error' event, and an event nobody listens to is an uncaught exception: the server would exit
 * on the first request during an outage. Every client gets a listener from birth.
 */
class PoolClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}

export function createDb(connectionString: string, max = 10): { db: Kysely<Database>; pool: pg.Pool } {
  // A database that does not answer (host down, network cut) fails a call after 5 s with a 503,
  // rather than holding it until the client gives up.
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000, Client: PoolClient });
  // An idle client that loses its connection (database restart) must not crash the process;
  // the pool replaces it on next use.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool };
}
