import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// int8 (bigint ids, counts) comes back as text by default; ids stay text inside the server and
// are converted to numbers at the API edge, where they fit in 2^53.
export function createDb(connectionString: string, max = 10): { db: Kysely<Database>; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
  // An idle client that loses its connection (database restart) must not crash the process;
  // the pool replaces it on next use.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool };
}
