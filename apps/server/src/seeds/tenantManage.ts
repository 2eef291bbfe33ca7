import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { provisionTenant, TENANT_MANAGE_PERM } from '../modules/tenant/index.ts';
import { TENANT_MENU_PATH } from './tenantForms.ts';

/*
 * Issue 36: 租户管理 › 租户信息 (TenantManage), and every approved company made a tenant. 租户管理
 * (/tenant) is found or made by path: t1's, t2's and t3's steps share it.
 */
export const TENANT_MANAGE_MENU = { name: '租户信息', path: '/tenant/manage', component: 'TenantManage', iconName: 'yonghuguanli', perms: TENANT_MANAGE_PERM };

async function tenantGroup(trx: Transaction<Database>) {
  const found = await trx
    .selectFrom('sys_menu')
    .select(['id', 'level'])
    .where('parent_id', 'is', null)
    .where('company_id', 'is', null)
    .where('path', '=', TENANT_MENU_PATH)
    .executeTakeFirst();
  if (found) return found;
  const last = await trx.selectFrom('sys_menu').select((eb) => eb.fn.max('order_index').as('m')).where('parent_id', 'is', null).executeTakeFirst();
  return trx
    .insertInto('sys_menu')
    .values({ parent_id: null, name: '租户管理', path: TENANT_MENU_PATH, icon_name: 'biaodanzujian-biaoge', level: 1, order_index: last?.m == null ? 0 : Number(last.m) + 1 })
    .returning(['id', 'level'])
    .executeTakeFirstOrThrow();
}

/** 租户信息 first under 租户管理, granted to park_admin with its group. */
export async function seedTenantManageMenu(trx: Transaction<Database>): Promise<void> {
  const top = await tenantGroup(trx);
  const first = await trx.selectFrom('sys_menu').select((eb) => eb.fn.min('order_index').as('m')).where('parent_id', '=', top.id).executeTakeFirst();
  const menu = await trx
    .insertInto('sys_menu')
    .values({
      parent_id: top.id,
      name: TENANT_MANAGE_MENU.name,
      path: TENANT_MANAGE_MENU.path,
      component: TENANT_MANAGE_MENU.component,
      icon_name: TENANT_MANAGE_MENU.iconName,
      perms: TENANT_MANAGE_MENU.perms,
      level: top.level + 1,
      order_index: first?.m == null ? 0 : Number(first.m) - 1,
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

/** Every company approved before tenants existed (the demo companies among them) becomes one. */
export async function seedApprovedTenants(trx: Transaction<Database>): Promise<void> {
  const companies = await trx.selectFrom('sys_company').select(['id', 'company_name']).where('status', '=', '1').orderBy('id').execute();
  for (const c of companies) await provisionTenant(trx, { companyId: c.id, tenantName: c.company_name });
}
