import { sql, type Kysely } from 'kysely';

/*
 * Issue 15: a role's data scope on form records. Which forms and actions a role may use stays where
 * it was, in the perms of the menus and buttons bound to it (form:N:view/add/edit/delete/import/export);
 * the scope says which of those records: all, its holders' organisations and below, or their own.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sys_role')
    .addColumn('data_scope', 'text', (c) => c.notNull().defaultTo('all').check(sql`data_scope in ('all', 'org', 'self')`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_role').dropColumn('data_scope').execute();
}
