import { sql, type Kysely } from 'kysely';

/*
 * Enterprise registration and review (issue 6): the user's office phone from the registration
 * payload, and the SMS log the built-in SmsSender writes (modules/company/sms.ts): every SMS the
 * platform sends, whatever the provider, with its outcome.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_user').addColumn('office_phone', 'text').execute();

  await db.schema
    .createTable('sys_sms_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    // What the message is about, e.g. company_approved, company_rejected.
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('receiver_id', 'bigint', (c) => c.references('sys_user.id').onDelete('set null'))
    .addColumn('company_id', 'bigint', (c) => c.references('sys_company.id').onDelete('set null'))
    // The sender that handled it: log (built in) or http.
    .addColumn('provider', 'text', (c) => c.notNull())
    // sent (handed to the provider), logged (built-in sender: written here only), failed.
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('sent', 'logged', 'failed')`))
    .addColumn('error', 'text')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sys_sms_log_time_idx').on('sys_sms_log').column('create_time').execute();
  await db.schema.createIndex('sys_sms_log_company_idx').on('sys_sms_log').column('company_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_sms_log').ifExists().execute();
  await db.schema.alterTable('sys_user').dropColumn('office_phone').execute();
}
