import { sql, type Transaction } from 'kysely';
import { FORM_ACTIONS, FORM_ACTION_LABELS, formPermission } from '@park/core';
import type { Database } from '../db/schema.ts';

/*
 * Issue 15: record calls now check form:N:action. Form list menus made before that (the demo
 * forms', and any added without their buttons) carried no codes, so the roles bound to them would
 * lose the records they could use. Once, on upgrade and on a fresh install alike: such a menu gets
 * form:N:view and the standard buttons, bound to every role bound to the menu — the same rights as
 * before, now visible and revocable in 角色管理.
 */
export async function seedFormListPermissions(trx: Transaction<Database>): Promise<void> {
  const menus = await trx
    .selectFrom('sys_menu')
    .select(['id', 'path', 'level', 'perms'])
    .where('menu_type', '=', 'menu')
    .where('path', '~', '^/form/list/[0-9]+$')
    .execute();
  for (const menu of menus) {
    const formId = menu.path.slice('/form/list/'.length);
    if (!menu.perms) {
      await trx.updateTable('sys_menu').set({ perms: formPermission(formId, 'view') }).where('id', '=', menu.id).execute();
    }
    const roles = await trx.selectFrom('sys_role_menu').select('role_id').where('menu_id', '=', menu.id).execute();
    const have = await trx
      .selectFrom('sys_menu')
      .select('perms')
      .where('parent_id', '=', menu.id)
      .where('menu_type', '=', 'button')
      .execute();
    const granted = new Set(have.flatMap((b) => (b.perms ?? '').split(',')));
    for (const [i, action] of FORM_ACTIONS.filter((a) => a !== 'view').entries()) {
      const code = formPermission(formId, action);
      if (granted.has(code)) continue;
      const button = await trx
        .insertInto('sys_menu')
        .values({
          parent_id: menu.id,
          name: FORM_ACTION_LABELS[action],
          path: '',
          level: menu.level + 1,
          order_index: i,
          menu_type: 'button',
          perms: code,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (roles.length > 0) {
        await trx
          .insertInto('sys_role_menu')
          .values(roles.map((r) => ({ role_id: r.role_id, menu_id: button.id })))
          .execute();
      }
    }
  }
  // Every holder's permissions change: sessions read them again (see SessionStore).
  await sql`select pg_notify('park_auth', ${JSON.stringify({ kind: 'user', id: '*' })})`.execute(trx);
}
