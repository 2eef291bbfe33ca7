import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Names of the migrations recorded as applied. */
export async function appliedMigrations(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return new Set(rows.rows.map((r) => r.name));
}

export interface QueueRow {
  name: string;
  state: string;
  jobs: number;
  /** Seconds the oldest job that is due has waited (created or retry states only). */
  lagSeconds: number | null;
}

/**
 * pg-boss's jobs by queue and state, from its own table in this database, so every instance
 * reports the same queue figures. Completed jobs are counted too: pg-boss archives them itself.
 */
export async function queueStates(db: Kysely<Database>): Promise<QueueRow[]> {
  const rows = await sql<{ name: string; state: string; jobs: string; lag: number | null }>`
    select name, state::text as state, count(*) as jobs,
           extract(epoch from now() - min(start_after) filter (
             where state in ('created', 'retry') and start_after <= now()))::float8 as lag
    from pgboss.job
    group by name, state`.execute(db);
  return rows.rows.map((r) => ({ name: r.name, state: r.state, jobs: Number(r.jobs), lagSeconds: r.lag }));
}

export interface ImportExportRow {
  kind: number;
  state: string;
  jobs: number;
}

/** Import and export jobs by kind and state (form_import_export rows are kept for their results). */
export async function importExportStates(db: Kysely<Database>): Promise<ImportExportRow[]> {
  const rows = await db
    .selectFrom('form_import_export')
    .select(['kind', 'state', (eb) => eb.fn.countAll<string>().as('jobs')])
    .groupBy(['kind', 'state'])
    .execute();
  return rows.map((r) => ({ kind: r.kind, state: r.state, jobs: Number(r.jobs) }));
}
