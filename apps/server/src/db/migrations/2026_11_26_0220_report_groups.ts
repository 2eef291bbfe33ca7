import { sql, type Kysely } from 'kysely';

/*
 * 报表管理 (issue 22): reports and dashboards sorted into groups. A report's kind says whether it
 * is a report or a dashboard (大屏); deleting a group moves its reports out of it, never deletes them.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_group')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('order_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .alterTable('report_def')
    .addColumn('group_id', 'bigint', (c) => c.references('report_group.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('report').check(sql`kind in ('report', 'dashboard')`))
    .execute();
  await db.schema.createIndex('report_def_group_idx').on('report_def').column('group_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('report_def').dropColumn('kind').dropColumn('group_id').execute();
  await db.schema.dropTable('report_group').ifExists().execute();
}
