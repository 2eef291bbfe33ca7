import { sql, type Kysely } from 'kysely';

/*
 * Reports (issue 21): datasources (the platform's own, always present, and external PostgreSQL or
 * MySQL with sealed passwords), datasets over them, report definitions, which roles may read a
 * report, and table-report export jobs.
 */

const now = sql`now()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_datasource')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('db_type', 'text', (c) => c.notNull().check(sql`db_type in ('platform', 'postgresql', 'mysql')`))
    .addColumn('host', 'text')
    .addColumn('port', 'integer')
    .addColumn('database_name', 'text')
    .addColumn('username', 'text')
    .addColumn('secret', 'text')
    .addColumn('built_in', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('create_by', 'bigint')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // Exactly one built-in datasource: the platform database.
  await sql`create unique index report_datasource_builtin_idx on report_datasource (built_in) where built_in`.execute(db);
  await sql`insert into report_datasource (name, db_type, built_in) values ('平台数据库', 'platform', true)`.execute(db);

  await db.schema
    .createTable('report_dataset')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('datasource_id', 'bigint', (c) => c.notNull().references('report_datasource.id').onDelete('restrict'))
    .addColumn('ds_meta', 'jsonb', (c) => c.notNull())
    .addColumn('form_id', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_by', 'bigint')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('report_dataset_form_idx').on('report_dataset').column('form_id').execute();

  await db.schema
    .createTable('report_def')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('report_name', 'text', (c) => c.notNull())
    .addColumn('setting_meta', 'jsonb', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_by', 'bigint')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('report_permission')
    .addColumn('report_id', 'bigint', (c) => c.notNull().references('report_def.id').onDelete('cascade'))
    .addColumn('role_id', 'bigint', (c) => c.notNull().references('sys_role.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('report_permission_pk', ['report_id', 'role_id'])
    .execute();

  await db.schema
    .createTable('report_export')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('report_id', 'bigint', (c) => c.notNull().references('report_def.id').onDelete('cascade'))
    .addColumn('widget_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('running').check(sql`state in ('running', 'success', 'failed')`))
    .addColumn('reason', 'text')
    .addColumn('rows_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_id', 'bigint', (c) => c.references('sys_file.id').onDelete('set null'))
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('finish_time', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['report_export', 'report_permission', 'report_def', 'report_dataset', 'report_datasource']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
