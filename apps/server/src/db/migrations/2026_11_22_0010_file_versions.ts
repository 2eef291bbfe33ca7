import { sql, type Kysely } from 'kysely';

/* Versions of a file edited online (the document page's write mode): the file keeps its id, its row
   points at the newest bytes, and each earlier version stays downloadable from sys_file_version. */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sys_file')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('update_by', 'bigint', (c) => c.references('sys_user.id').onDelete('set null'))
    .addColumn('update_time', 'timestamptz')
    .execute();

  await db.schema
    .createTable('sys_file_version')
    // The versions go with their file: the collector deletes both rows and bytes together.
    .addColumn('file_id', 'bigint', (c) => c.notNull().references('sys_file.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull().unique())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    // Who wrote this version's bytes and when (the uploader, or whoever saved it online).
    .addColumn('create_by', 'bigint', (c) => c.references('sys_user.id').onDelete('set null'))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull())
    .addColumn('archive_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sys_file_version_pk', ['file_id', 'version'] as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_file_version').execute();
  await db.schema.alterTable('sys_file').dropColumn('update_time').dropColumn('update_by').dropColumn('version').execute();
}
