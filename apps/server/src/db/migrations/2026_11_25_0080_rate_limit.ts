import { sql, type Kysely } from 'kysely';

/*
 * Request counters of @fastify/rate-limit kept in PostgreSQL (plugins/pgRateLimitStore.ts), so a
 * limit holds across every server instance on the database. One row per route and client key.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_rate_limit')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sys_rate_limit_window_idx').on('sys_rate_limit').column('window_start').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_rate_limit').ifExists().execute();
}
