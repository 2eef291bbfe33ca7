import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/*
 * Issue 38 (ADR 0052): the 文档管理 menus. The park's 管理员 gets all four; every tenant's 主管理员
 * gets 企业文件库 (its own tenant's) and 我的文件; a tenant provisioned later gets the tenant-visible
 * ones as every tenant-visible menu (tenant/manage/provision.ts).
 */
type Trx = Transaction<Database>;
const MENUS = [
  { name: '共享文件库', path: '/doc/share', component: 'ShareDoc', perms: 'doc:share', tenant: false },
  { name: '企业文件库', path: '/doc/enterprise', component: 'EnterpriseDoc', perms: 'doc:enterprise', tenant: true },
  { name: '个人文件夹', path: '/doc/personal', component: 'PersonalDoc', perms: 'doc:personal', tenant: false },
  { name: '我的文件', path: '/doc/mine', component: 'MyDoc', perms: null, tenant: true },
];

export async function seedDocMenus(trx: Trx): Promise<void> {
  const last = await trx.selectFrom('sys_menu').select((eb) => eb.fn.max('order_index').as('m')).where('parent_id', 'is', null).executeTakeFirst();
  const top = await trx
    .insertInto('sys_menu')
    .values({ parent_id: null, name: '文档管理', path: '/doc', icon_name: 'wenjian', level: 1, tenant_visible: true, order_index: last?.m == null ? 0 : Number(last.m) + 1 })
    .returning(['id', 'level'])
    .executeTakeFirstOrThrow();
  const parkAdmin = await trx.selectFrom('sys_role').select('id').where('role_code', '=', 'park_admin').where('company_id', 'is', null).executeTakeFirst();
  const tenantAdmins = await trx.selectFrom('sys_role').select('id').where('role_code', '=', 'TENANT_ADMIN').where('company_id', 'is not', null).execute();
  const grant = (menuId: string, tenant: boolean) => [
    ...(parkAdmin ? [{ role_id: parkAdmin.id, menu_id: menuId }] : []),
    ...(tenant ? tenantAdmins.map((r) => ({ role_id: r.id, menu_id: menuId })) : []),
  ];
  const grants = grant(top.id, true);
  for (const [i, m] of MENUS.entries()) {
    const row = await trx
      .insertInto('sys_menu')
      .values({ parent_id: top.id, name: m.name, path: m.path, component: m.component, icon_name: 'wenjian', perms: m.perms, level: top.level + 1, order_index: i, tenant_visible: m.tenant })
      .returning('id')
      .executeTakeFirstOrThrow();
    grants.push(...grant(row.id, m.tenant));
  }
  if (grants.length) await trx.insertInto('sys_role_menu').values(grants).onConflict((oc) => oc.doNothing()).execute();
}
