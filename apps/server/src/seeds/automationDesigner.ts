import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * 自动化 › 流程管理 (issue 19): the designer's list, first under 自动化 (before 执行记录), granting
 * automation:flow to the park administrator as the 自动化 menu does.
 */
export async function seedAutomationDesignerMenu(trx: Transaction<Database>): Promise<void> {
  const parent = await trx.selectFrom('sys_menu').select(['id', 'level']).where('parent_id', 'is', null).where('path', '=', '/automation').executeTakeFirst();
  if (!parent) return;
  await trx.updateTable('sys_menu').set((eb) => ({ order_index: eb('order_index', '+', 1) })).where('parent_id', '=', parent.id).execute();
  const menu = await trx
    .insertInto('sys_menu')
    .values({
      parent_id: parent.id,
      name: '流程管理',
      path: '/automation/flow',
      component: 'AutomationFlowManage',
      icon_name: 'bumenguanli',
      level: parent.level + 1,
      order_index: 0,
      perms: 'automation:flow',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const parkAdmin = await trx.selectFrom('sys_role').select('id').where('role_code', '=', 'park_admin').executeTakeFirst();
  if (parkAdmin) await trx.insertInto('sys_role_menu').values({ role_id: parkAdmin.id, menu_id: menu.id }).execute();
}
