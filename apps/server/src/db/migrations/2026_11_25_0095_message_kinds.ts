import { sql, type Kysely } from 'kysely';

/*
 * Messages get the origin client's classification (bigType / smallType), free parameters for the
 * link a message opens (task, record, execution) and a menu address, so approvals, automations and
 * operations all write one kind of message through modules/msg/notify.ts.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('msg_message')
    .addColumn('big_type', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('small_type', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('params', 'jsonb')
    .addColumn('menu_url', 'text')
    .execute();
  await db.schema
    .createIndex('msg_message_receiver_time_idx')
    .on('msg_message')
    .expression(sql`receiver_id, create_time desc, id desc`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('msg_message_receiver_time_idx').ifExists().execute();
  await db.schema
    .alterTable('msg_message')
    .dropColumn('big_type')
    .dropColumn('small_type')
    .dropColumn('params')
    .dropColumn('menu_url')
    .execute();
}
