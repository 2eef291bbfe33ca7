import { sql, type Kysely } from 'kysely';

/*
 * The backups the server made (nightly job or `npm run backup`), for 系统管理 → 数据备份 and for
 * the retention sweep. The backup itself lives on disk (BACKUP_DIR/<name>, with its manifest);
 * this row says how the run went.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_backup')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    /** nightly | manual */
    .addColumn('trigger', 'text', (c) => c.notNull())
    /** running | success | failed | deleted */
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('running'))
    .addColumn('db_format', 'text')
    .addColumn('dir', 'text', (c) => c.notNull())
    .addColumn('host', 'text')
    .addColumn('total_bytes', 'bigint')
    .addColumn('file_count', 'integer')
    .addColumn('error', 'text')
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sys_backup_started_idx').on('sys_backup').expression(sql`started_at desc`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_backup').execute();
}
