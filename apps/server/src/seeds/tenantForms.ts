import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/*
 * Issue 36: 租户管理 › 表单分配 (FormTenantAllot), the park's screen that hands forms down to
 * tenants. 租户管理 (/tenant) is found or made by path: t1's and t2's steps share it.
 */
export const TENANT_MENU_PATH = '/tenant';
export const FORM_ALLOT_MENU = { name: '表单分配', path: '/tenant/form', component: 'FormTenantAllot', iconName: 'biaodanzujian-biaoge', perms: 'tenant:form' };

export async function seedTenantFormsMenu(trx: Transaction<Database>): Promise<void> {
  let top = await trx
    .selectFrom('sys_menu')
    .select(['id', 'level'])
    .where('parent_id', 'is', null)
    .where('company_id', 'is', null)
    .where('path', '=', TENANT_MENU_PATH)
    .executeTakeFirst();
  if (!top) {
    const last = await trx.selectFrom('sys_menu').select((eb) => eb.fn.max('order_index').as('m')).where('parent_id', 'is', null).executeTakeFirst();
    top = await trx
      .insertInto('sys_menu')
      .values({ parent_id: null, name: '租户管理', path: TENANT_MENU_PATH, icon_name: 'biaodanzujian-biaoge', level: 1, order_index: last?.m == null ? 0 : Number(last.m) + 1 })
      .returning(['id', 'level'])
      .executeTakeFirstOrThrow();
  }
  const order = await trx.selectFrom('sys_menu').select((eb) => eb.fn.max('order_index').as('m')).where('parent_id', '=', top.id).executeTakeFirst();
  const menu = await trx
    .insertInto('sys_menu')
    .values({
      parent_id: top.id,
      name: FORM_ALLOT_MENU.name,
      path: FORM_ALLOT_MENU.path,
      component: FORM_ALLOT_MENU.component,
      icon_name: FORM_ALLOT_MENU.iconName,
      perms: FORM_ALLOT_MENU.perms,
      level: top.level + 1,
      order_index: order?.m == null ? 0 : Number(order.m) + 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const parkAdmin = await trx.selectFrom('sys_role').select('id').where('role_code', '=', 'park_admin').where('company_id', 'is', null).executeTakeFirst();
  if (parkAdmin) {
    await trx
      .insertInto('sys_role_menu')
      .values([{ role_id: parkAdmin.id, menu_id: top.id }, { role_id: parkAdmin.id, menu_id: menu.id }])
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
