import { sql, type Kysely } from 'kysely';

/*
 * Video wall (issue 25): which roles may watch which camera groups of the DSS tree (a grant on a group
 * covers the groups and cameras below it), and a log of every stream the platform handed out.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_group_role')
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('role_id', 'bigint', (c) => c.notNull().references('sys_role.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('video_group_role_pk', ['group_id', 'role_id'])
    .execute();
  await db.schema.createIndex('video_group_role_role_idx').on('video_group_role').column('role_id').execute();

  await db.schema
    .createTable('video_view_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('channel_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text')
    .addColumn('end_time', 'text')
    .addColumn('client_ip', 'text')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('video_view_log_time_idx').on('video_view_log').column('create_time').execute();
  await db.schema.createIndex('video_view_log_user_idx').on('video_view_log').columns(['user_id', 'create_time']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_view_log').ifExists().execute();
  await db.schema.dropTable('video_group_role').ifExists().execute();
}
