import { sql, type Kysely } from 'kysely';

/*
 * Excel import and export jobs (issue 8). A job row is the state of record: the pg-boss job only
 * carries its id. An import commits its rows in chunks, each chunk one transaction that also moves
 * `cursor` (the last source row committed) and writes the chunk's rejected rows, so a crash
 * resumes from the cursor with no duplicate and no half chunk. `lease_until` lets one worker at a
 * time run a job; a job left running with an expired lease is resumed or failed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('form_import_export')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    // Random, URL-safe and never all digits, so /api/file/download/{code} cannot be a file id.
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('form_id', 'bigint', (c) => c.notNull().references('form_conf.id').onDelete('cascade'))
    // 1 export, 2 import (the {1|2} of getImportExportState).
    .addColumn('kind', 'smallint', (c) => c.notNull().check(sql`kind in (1, 2)`))
    .addColumn('state', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`state in ('pending', 'running', 'success', 'part_success', 'failed')`),
    )
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ok_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bad_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    // Files are collected a day after upload unless a record references them; a job only needs
    // its files that long, and losing one leaves the job row intact.
    .addColumn('source_file_id', 'bigint', (c) => c.references('sys_file.id').onDelete('set null'))
    .addColumn('result_file_id', 'bigint', (c) => c.references('sys_file.id').onDelete('set null'))
    .addColumn('error_file_id', 'bigint', (c) => c.references('sys_file.id').onDelete('set null'))
    .addColumn('cursor', 'integer', (c) => c.notNull().defaultTo(0))
    // Runs started; a job that keeps dying is failed instead of being resumed for ever.
    .addColumn('attempts', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'timestamptz')
    // Conditions, widget settings and the requester (id, userType, companyId, ip).
    .addColumn('params', 'jsonb', (c) => c.notNull())
    .addColumn('created_by', 'bigint')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('finish_time', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('form_import_export_live_idx')
    .on('form_import_export')
    .column('lease_until')
    .where(sql<boolean>`state in ('pending', 'running')`)
    .execute();
  await db.schema.createIndex('form_import_export_user_idx').on('form_import_export').columns(['created_by', 'id']).execute();

  await db.schema
    .createTable('form_import_error')
    .addColumn('job_id', 'bigint', (c) => c.notNull().references('form_import_export.id').onDelete('cascade'))
    // The sheet row number, 1-based as Excel shows it.
    .addColumn('row_no', 'integer', (c) => c.notNull())
    // The row's cells in import-column order, as read.
    .addColumn('values', 'jsonb', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('form_import_error_pk', ['job_id', 'row_no'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_import_error').ifExists().execute();
  await db.schema.dropTable('form_import_export').ifExists().execute();
}
