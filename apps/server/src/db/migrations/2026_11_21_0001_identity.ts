import { sql, type Kysely } from 'kysely';

/* Migrations are frozen once shipped, so they use Kysely<unknown> rather than today's schema. */


export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('sys_org')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('parent_id', 'bigint', (c) => c.references('sys_org.id'))
    .addColumn('org_name', 'text', (c) => c.notNull())
    .addColumn('org_code', 'text')
    .addColumn('order_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('sys_org_parent_idx').on('sys_org').column('parent_id').execute();

  await db.schema
    .createTable('sys_user')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('real_name', 'text', (c) => c.notNull())
    .addColumn('sex', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('job_title', 'text')
    .addColumn('user_type', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('company_id', 'bigint')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('sys_role')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('role_name', 'text', (c) => c.notNull().unique())
    .addColumn('role_code', 'text', (c) => c.unique())
    .addColumn('remark', 'text')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  const link = async (table: string, a: [string, string], b: [string, string]) => {
    await db.schema
      .createTable(table)
      .addColumn(a[0], 'bigint', (c) => c.notNull().references(a[1]).onDelete('cascade'))
      .addColumn(b[0], 'bigint', (c) => c.notNull().references(b[1]).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pk`, [a[0], b[0]] as never)
      .execute();
    await db.schema.createIndex(`${table}_${b[0]}_idx`).on(table).column(b[0]).execute();
  };
  await link('sys_user_role', ['user_id', 'sys_user.id'], ['role_id', 'sys_role.id']);
  await link('sys_user_org', ['user_id', 'sys_user.id'], ['org_id', 'sys_org.id']);
  await link('sys_org_role', ['org_id', 'sys_org.id'], ['role_id', 'sys_role.id']);

  await db.schema
    .createTable('sys_menu')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('parent_id', 'bigint', (c) => c.references('sys_menu.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('component', 'text')
    .addColumn('icon_name', 'text')
    .addColumn('level', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('order_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('menu_type', 'text', (c) => c.notNull().defaultTo('menu'))
    .addColumn('perms', 'text')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('sys_menu_parent_idx').on('sys_menu').column('parent_id').execute();
  await link('sys_role_menu', ['role_id', 'sys_role.id'], ['menu_id', 'sys_menu.id']);

  await db.schema
    .createTable('sys_module')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('sys_name', 'text', (c) => c.notNull().unique())
    .addColumn('sys_url', 'text', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('order_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('sys_session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sys_session_user_idx').on('sys_session').column('user_id').execute();
  await db.schema.createIndex('sys_session_expires_idx').on('sys_session').column('expires_at').execute();

  await db.schema
    .createTable('sys_operation_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint')
    .addColumn('username', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('detail', 'jsonb')
    .addColumn('ip', 'text')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('sys_operation_log_time_idx')
    .on('sys_operation_log')
    .column('create_time')
    .execute();

  await db.schema
    .createTable('auth_nonce')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('auth_login_failure')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .execute();

  // Demo and reference data applied once each, so an entry an administrator deletes stays deleted.
  await db.schema
    .createTable('sys_seed_applied')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('flow_task')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('form_id', 'bigint')
    .addColumn('form_name', 'text')
    .addColumn('business_id', 'bigint')
    .addColumn('assignee_id', 'bigint', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('initiator_id', 'bigint', (c) => c.references('sys_user.id').onDelete('set null'))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('done_time', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('flow_task_assignee_idx')
    .on('flow_task')
    .columns(['assignee_id', 'status'])
    .execute();

  await db.schema
    .createTable('msg_message')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('receiver_id', 'bigint', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('msg_type', 'text', (c) => c.notNull().defaultTo('system'))
    .addColumn('read_status', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('read_time', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('msg_message_receiver_idx')
    .on('msg_message')
    .columns(['receiver_id', 'read_status'])
    .execute();

  await db.schema
    .createTable('form_task')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('form_id', 'bigint')
    .addColumn('form_name', 'text')
    .addColumn('assignee_id', 'bigint', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('deadline', 'timestamptz')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('form_task_assignee_idx')
    .on('form_task')
    .columns(['assignee_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'form_task',
    'msg_message',
    'flow_task',
    'auth_login_failure',
    'auth_nonce',
    'sys_operation_log',
    'sys_seed_applied',
    'sys_session',
    'sys_module',
    'sys_role_menu',
    'sys_menu',
    'sys_org_role',
    'sys_user_org',
    'sys_user_role',
    'sys_role',
    'sys_user',
    'sys_org',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
