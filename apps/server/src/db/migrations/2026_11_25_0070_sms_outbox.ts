import { sql, type Kysely } from 'kysely';

/*
 * SMS become durable (modules/company/smsOutbox.ts): a message is written as 'queued' in the
 * transaction of the decision it announces, and delivered — and retried — from the table.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sys_sms_log drop constraint if exists sys_sms_log_status_check`.execute(db);
  await sql`alter table sys_sms_log add constraint sys_sms_log_status_check check (status in ('queued', 'sent', 'logged', 'failed'))`.execute(db);
  await db.schema
    .alterTable('sys_sms_log')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // When a queued message is next due: now for a new one, later after a failure, and pushed
    // forward while a sender holds it, so a crashed sender's message is taken up again.
    .addColumn('next_attempt_time', 'timestamptz')
    .addColumn('sent_time', 'timestamptz')
    .execute();
  await sql`create index sys_sms_log_due_idx on sys_sms_log (next_attempt_time) where status = 'queued'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists sys_sms_log_due_idx`.execute(db);
  await db.schema.alterTable('sys_sms_log').dropColumn('attempts').dropColumn('next_attempt_time').dropColumn('sent_time').execute();
  await sql`update sys_sms_log set status = 'failed' where status = 'queued'`.execute(db);
  await sql`alter table sys_sms_log drop constraint if exists sys_sms_log_status_check`.execute(db);
  await sql`alter table sys_sms_log add constraint sys_sms_log_status_check check (status in ('sent', 'logged', 'failed'))`.execute(db);
}
