import { sql, type Kysely } from 'kysely';

/*
 * The designer's unpublished work, one draft per form and user (issue 26): autosaved while the
 * designer edits, offered back on the next visit, removed by 发布 or 放弃草稿. A form or a user that
 * goes takes its drafts with it.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_design_draft')
    .addColumn('form_id', 'bigint', (c) => c.notNull().references('form_conf.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('form_meta', 'jsonb', (c) => c.notNull())
    // The published design's version the draft started from: a draft older than the published
    // design says so when it is offered.
    .addColumn('base_version', 'integer', (c) => c.notNull())
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('form_design_draft_pk', ['form_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_design_draft').ifExists().execute();
}
