import { sql, type Kysely } from 'kysely';

/* Form definitions and the durable event log of every record write. The record tables
   themselves (form_<id>, form_<id>__<subKey>) are created by saveformdesign, not here. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('form_group')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('group_name', 'text', (c) => c.notNull().unique())
    .addColumn('order_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('form_conf')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('form_name', 'text', (c) => c.notNull())
    .addColumn('form_type', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('group_id', 'bigint', (c) => c.references('form_group.id').onDelete('set null'))
    .addColumn('form_meta', 'jsonb')
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('design_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'bigint')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('form_conf_group_idx').on('form_conf').column('group_id').execute();

  await db.schema
    .createTable('form_event')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('form_id', 'bigint', (c) => c.notNull())
    .addColumn('sub_key', 'text')
    .addColumn('record_id', 'bigint', (c) => c.notNull())
    .addColumn('op', 'text', (c) => c.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('actor_id', 'bigint')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('form_event_form_idx').on('form_event').columns(['form_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_event').ifExists().execute();
  await db.schema.dropTable('form_conf').ifExists().execute();
  await db.schema.dropTable('form_group').ifExists().execute();
}
