import { sql, type Kysely } from 'kysely';

/*
 * Table-report exports become durable jobs (issue 21, ADR 0019): a row is `pending` until a
 * worker claims it under a lease (`lease_owner`, `lease_until`), carries what is needed to run it
 * again after a restart (`params`: the conditions the export was asked with), and counts its runs.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  // Exports the old in-process runner left running can never finish.
  await sql`update report_export set state = 'failed', reason = '导出任务已中断，请重新导出', finish_time = now() where state = 'running'`.execute(db);
  await sql`alter table report_export drop constraint if exists report_export_state_check`.execute(db);
  await sql`alter table report_export add constraint report_export_state_check check (state in ('pending', 'running', 'success', 'failed'))`.execute(db);
  await sql`alter table report_export alter column state set default 'pending'`.execute(db);
  await db.schema
    .alterTable('report_export')
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'timestamptz')
    .execute();
  await sql`create index report_export_unfinished on report_export (create_time) where state in ('pending', 'running')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists report_export_unfinished`.execute(db);
  await db.schema.alterTable('report_export').dropColumn('params').dropColumn('attempts').dropColumn('lease_owner').dropColumn('lease_until').execute();
  await sql`update report_export set state = 'failed' where state = 'pending'`.execute(db);
  await sql`alter table report_export drop constraint if exists report_export_state_check`.execute(db);
  await sql`alter table report_export add constraint report_export_state_check check (state in ('running', 'success', 'failed'))`.execute(db);
  await sql`alter table report_export alter column state set default 'running'`.execute(db);
}
