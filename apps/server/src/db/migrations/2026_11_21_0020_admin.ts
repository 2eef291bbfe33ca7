import { sql, type Kysely } from 'kysely';

/*
 * The administration console (issue 5): what the operation log records and how it is searched,
 * menu show types, security settings kept in the database, dictionaries, and the uniqueness
 * rules the screens promise.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;

  // Operation log: module and result are searched; a failure keeps its message.
  await db.schema
    .alterTable('sys_operation_log')
    .addColumn('module', 'text')
    .addColumn('result', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('err_msg', 'text')
    .execute();
  // Page 1 of a filtered search walks one of these backwards by time and stops after a page.
  for (const column of ['username', 'module', 'result']) {
    await db.schema
      .createIndex(`sys_operation_log_${column}_time_idx`)
      .on('sys_operation_log')
      .columns([column, 'create_time'])
      .execute();
  }
  // Append-only: rows are never changed, and removed only by the retention job's DELETE.
  await sql`
    create function sys_operation_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'sys_operation_log is append-only';
    end $$`.execute(db);
  await sql`
    create trigger sys_operation_log_no_update before update on sys_operation_log
    for each row execute function sys_operation_log_append_only()`.execute(db);
  await sql`
    create trigger sys_operation_log_no_truncate before truncate on sys_operation_log
    for each statement execute function sys_operation_log_append_only()`.execute(db);

  // 0 everywhere, 1 PC only, 2 app only.
  await db.schema
    .alterTable('sys_menu')
    .addColumn('show_type', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();

  // Names the screens promise are unique: user names regardless of case, organisations among siblings.
  await sql`create unique index sys_user_username_lower_idx on sys_user (lower(username))`.execute(db);
  await sql`create unique index sys_org_sibling_name_idx on sys_org (coalesce(parent_id, 0), org_name)`.execute(db);

  // Security settings an administrator may change; absent keys fall back to the environment.
  await db.schema
    .createTable('sys_setting')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  // Dictionaries: types, each with a tree of entries.
  await db.schema
    .createTable('sys_dic_type')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('type_code', 'text', (c) => c.notNull().unique())
    .addColumn('type_name', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createTable('sys_dic_catalog')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('type_id', 'bigint', (c) => c.notNull().references('sys_dic_type.id').onDelete('cascade'))
    .addColumn('parent_id', 'bigint', (c) => c.references('sys_dic_catalog.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('order_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('sys_dic_catalog_type_code_uq', ['type_id', 'code'] as never)
    .execute();
  await db.schema
    .createIndex('sys_dic_catalog_parent_idx')
    .on('sys_dic_catalog')
    .columns(['type_id', 'parent_id'])
    .execute();
  await db.schema.createIndex('sys_dic_catalog_parent_fk_idx').on('sys_dic_catalog').column('parent_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_dic_catalog').ifExists().execute();
  await db.schema.dropTable('sys_dic_type').ifExists().execute();
  await db.schema.dropTable('sys_setting').ifExists().execute();
  await sql`drop index if exists sys_org_sibling_name_idx`.execute(db);
  await sql`drop index if exists sys_user_username_lower_idx`.execute(db);
  await db.schema.alterTable('sys_menu').dropColumn('show_type').execute();
  await sql`drop trigger if exists sys_operation_log_no_truncate on sys_operation_log`.execute(db);
  await sql`drop trigger if exists sys_operation_log_no_update on sys_operation_log`.execute(db);
  await sql`drop function if exists sys_operation_log_append_only()`.execute(db);
  for (const column of ['username', 'module', 'result']) {
    await sql`drop index if exists ${sql.id(`sys_operation_log_${column}_time_idx`)}`.execute(db);
  }
  await db.schema
    .alterTable('sys_operation_log')
    .dropColumn('module')
    .dropColumn('result')
    .dropColumn('err_msg')
    .execute();
}
