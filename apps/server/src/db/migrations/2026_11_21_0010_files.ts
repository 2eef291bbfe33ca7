import { sql, type Kysely } from 'kysely';

/* Uploaded files (metadata; the bytes are in the file storage under file_key) and the records
   that reference them, which keep a file alive and decide who may read it. */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_file')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('file_key', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('suffix', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    // A deleted user's uploads stay; they are then readable only through referencing records.
    .addColumn('uploader_id', 'bigint', (c) => c.references('sys_user.id').onDelete('set null'))
    .addColumn('company_id', 'bigint')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The collector scans by age; uploaders list their own files.
  await db.schema.createIndex('sys_file_create_time_idx').on('sys_file').column('create_time').execute();
  await db.schema.createIndex('sys_file_uploader_idx').on('sys_file').column('uploader_id').execute();

  await db.schema
    .createTable('sys_file_ref')
    // No cascade: deleting a referenced file must fail rather than silently drop the reference.
    .addColumn('file_id', 'bigint', (c) => c.notNull().references('sys_file.id'))
    .addColumn('form_id', 'bigint', (c) => c.notNull())
    .addColumn('record_id', 'bigint', (c) => c.notNull())
    // '' for the form's main table, else the sub-table key; not null so the key below is unique.
    .addColumn('sub_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sys_file_ref_pk', ['file_id', 'form_id', 'record_id', 'sub_key'] as never)
    .execute();
  await db.schema
    .createIndex('sys_file_ref_record_idx')
    .on('sys_file_ref')
    .columns(['form_id', 'record_id', 'sub_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_file_ref').execute();
  await db.schema.dropTable('sys_file').execute();
}
