import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { provisionTenant } from '../modules/tenant/index.ts';
import { TENANT_MENU_PATH } from './tenantForms.ts';

/*
 * Issue 36, a tenant administers itself (ADR 0042):
 * - the park menus a tenant's roles may grant (sys_menu.tenant_visible): 首页, 工作台 and its
 *   pages, and of 系统管理 the tenant's own 用户 / 组织 / 角色 / 字典 / 操作日志 and 修改密码;
 * - the park's 租户管理 views (组织 / 用户 / 角色 / 菜单 / 数据字典 of a picked tenant), each
 *   granting its tenant:* code, given to 园区管理员;
 * - a demo tenant with its 主管理员 `tenant_demo` (the administrator's password, as the demo people).
 */
const TENANT_VISIBLE_PATHS = [
  '/home',
  '/workbench',
  '/waitDoneTask/WaitDoneTask',
  '/msg/MsgList',
  '/formTask/ExecutingFormTask',
  '/system',
  '/system/user',
  '/system/org',
  '/system/role',
  '/system/dict',
  '/system/log',
  '/system/password',
];

export const TENANT_VIEW_MENUS = [
  { name: '组织', path: '/tenant/org', component: 'TenantOrg', iconName: 'zuzhijiagoujiekou', perms: 'tenant:org' },
  { name: '用户', path: '/tenant/user', component: 'TenantUser', iconName: 'yonghuguanli', perms: 'tenant:user' },
  { name: '角色', path: '/tenant/role', component: 'TenantRole', iconName: 'jiaoseguanli', perms: 'tenant:role' },
  { name: '菜单', path: '/tenant/menu', component: 'TenantMenu', iconName: 'liebiaoshitucaidan', perms: 'tenant:menu' },
  { name: '数据字典', path: '/tenant/dic', component: 'TenantDataDic', iconName: 'shujuzidianguanli', perms: 'tenant:dic' },
] as const;

export const DEMO_TENANT = { name: '示范化工租户有限公司', adminUsername: 'tenant_demo', adminName: '示范租户管理员', phone: '13900000036' };

export async function markTenantVisibleMenus(trx: Transaction<Database>): Promise<void> {
  await trx.updateTable('sys_menu').set({ tenant_visible: true }).where('company_id', 'is', null).where('path', 'in', TENANT_VISIBLE_PATHS).execute();
}

/** 租户管理 › 组织 … 数据字典 under /tenant (found or made by path, as seeds/tenantForms.ts does). */
export async function seedTenantViewMenus(trx: Transaction<Database>): Promise<void> {
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
  const parkAdmin = await trx.selectFrom('sys_role').select('id').where('role_code', '=', 'park_admin').where('company_id', 'is', null).executeTakeFirst();
  const order = await trx.selectFrom('sys_menu').select((eb) => eb.fn.max('order_index').as('m')).where('parent_id', '=', top.id).executeTakeFirst();
  let next = order?.m == null ? 0 : Number(order.m) + 1;
  const granted = [top.id];
  for (const m of TENANT_VIEW_MENUS) {
    const existing = await trx.selectFrom('sys_menu').select('id').where('path', '=', m.path).where('company_id', 'is', null).executeTakeFirst();
    const id =
      existing?.id ??
      (
        await trx
          .insertInto('sys_menu')
          .values({ parent_id: top.id, name: m.name, path: m.path, component: m.component, icon_name: m.iconName, perms: m.perms, level: top.level + 1, order_index: next++ })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    granted.push(id);
  }
  if (parkAdmin) {
    await trx
      .insertInto('sys_role_menu')
      .values(granted.map((menu_id) => ({ role_id: parkAdmin.id, menu_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/**
 * The demo tenant: its company, then the same provisioning as the park's 新增租户 (root organisation,
 * 主管理员 role with its 系统管理, the 主管理员), whose demo login is tenant_demo with the admin's
 * password and no forced change, like the other demo people.
 */
export async function seedDemoTenant(trx: Transaction<Database>): Promise<void> {
  const admin = await trx.selectFrom('sys_user').select('password_hash').where('username', '=', 'admin').executeTakeFirst();
  if (!admin) return;
  if (await trx.selectFrom('sys_user').select('id').where('username', '=', DEMO_TENANT.adminUsername).executeTakeFirst()) return;
  const company = await trx
    .insertInto('sys_company')
    .values({ company_name: DEMO_TENANT.name, company_code: null, status: '1', tenant_status: 1, source: 'park', contact_name: DEMO_TENANT.adminName, contact_phone: DEMO_TENANT.phone })
    .returning('id')
    .executeTakeFirstOrThrow();
  const made = await provisionTenant(trx, {
    companyId: company.id,
    tenantName: DEMO_TENANT.name,
    newAdmin: { phone: DEMO_TENANT.phone, realName: DEMO_TENANT.adminName, email: null, password: { password: '', hash: admin.password_hash } },
  });
  await trx.updateTable('sys_user').set({ username: DEMO_TENANT.adminUsername, must_change_password: false }).where('id', 'in', made.adminIds).execute();
}
