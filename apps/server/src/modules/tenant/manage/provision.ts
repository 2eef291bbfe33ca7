import { TENANT_ADMIN_ROLE_CODE } from '@park/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { generatePassword, hashPassword } from '../../auth/index.ts';

/*
 * Making a company a tenant (issue 36, ADR 0034/0041): its root organisation, its TENANT_ADMIN role
 * granting the park's tenant-visible menus (sys_menu.tenant_visible: the tenant's own 系统管理),
 * and its 主管理员. One function for the park's 新增租户 and for the approval of a registered
 * company (modules/company/review.ts), run inside the caller's transaction. Running it again on a
 * tenant finds what exists and adds only what is missing.
 */

/** core's TENANT_ADMIN_ROLE_CODE (one spelling for provisioning, allotting and approvals). */
export { TENANT_ADMIN_ROLE_CODE };
export const TENANT_ADMIN_ROLE_NAME = '主管理员';
/** The park's role every company user holds, for the shared menus (首页, 工作台, 业务表单). */
const COMPANY_ROLE_CODE = 'company_user';
/** sys_user.user_type of a company administrator; tenant_user_type 0 is 主管理员. */
const USER_TYPE_COMPANY_ADMIN = 1;
const TENANT_USER_MAIN_ADMIN = 0;

/** A new 主管理员's password: generated, shown once by the caller, stored only hashed. */
export interface InitialPassword {
  password: string;
  hash: string;
}

/** Hashed before the transaction opens: scrypt takes tens of milliseconds and needs no lock. */
export async function initialPassword(): Promise<InitialPassword> {
  const password = generatePassword();
  return { password, hash: await hashPassword(password) };
}

export interface ProvisionInput {
  companyId: string;
  tenantName: string;
  /** A park-added tenant's 主管理员, whose login is the contact phone. Absent: the company's
   *  existing administrators (the registrant) become its 主管理员. */
  newAdmin?: { phone: string; realName: string; email: string | null; password: InitialPassword };
}

export interface Provisioned {
  orgId: string;
  roleId: string;
  adminIds: string[];
}

async function rootOrg(trx: Kysely<Database>, companyId: string, name: string): Promise<string> {
  const found = await trx
    .selectFrom('sys_org')
    .select('id')
    .where('company_id', '=', companyId)
    .where('parent_id', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  if (found) return found.id;
  const row = await trx.insertInto('sys_org').values({ org_name: name, company_id: companyId, order_index: 0 }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function adminRole(trx: Kysely<Database>, companyId: string): Promise<string> {
  const found = await trx
    .selectFrom('sys_role')
    .select('id')
    .where('company_id', '=', companyId)
    .where('role_code', '=', TENANT_ADMIN_ROLE_CODE)
    .executeTakeFirst();
  if (found) return found.id;
  const row = await trx
    .insertInto('sys_role')
    // data_scope 'all': the 主管理员 reaches every record of its tenant (never another's: company_id).
    .values({ role_name: TENANT_ADMIN_ROLE_NAME, role_code: TENANT_ADMIN_ROLE_CODE, company_id: companyId, remark: '租户主管理员，管理本租户的组织、用户、角色与字典', data_scope: 'all' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The park's menus a tenant may hold, with the groups above them so the tree can show them. */
async function tenantVisibleMenuIds(trx: Kysely<Database>): Promise<string[]> {
  const menus = await trx.selectFrom('sys_menu').select(['id', 'parent_id', 'tenant_visible']).where('company_id', 'is', null).execute();
  const parentOf = new Map(menus.map((m) => [m.id, m.parent_id]));
  const ids = new Set<string>();
  for (const m of menus) {
    if (!m.tenant_visible) continue;
    let id: string | null = m.id;
    while (id && !ids.has(id)) {
      ids.add(id);
      id = parentOf.get(id) ?? null;
    }
  }
  return [...ids];
}

async function grant(trx: Kysely<Database>, userId: string, roleIds: string[], orgId: string): Promise<void> {
  if (roleIds.length > 0) {
    await trx
      .insertInto('sys_user_role')
      .values(roleIds.map((role_id) => ({ user_id: userId, role_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  await trx.insertInto('sys_user_org').values({ user_id: userId, org_id: orgId }).onConflict((oc) => oc.doNothing()).execute();
}

export async function provisionTenant(trx: Kysely<Database>, input: ProvisionInput): Promise<Provisioned> {
  const orgId = await rootOrg(trx, input.companyId, input.tenantName);
  const roleId = await adminRole(trx, input.companyId);
  const menuIds = await tenantVisibleMenuIds(trx);
  if (menuIds.length > 0) {
    await trx
      .insertInto('sys_role_menu')
      .values(menuIds.map((menu_id) => ({ role_id: roleId, menu_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const companyRole = await trx.selectFrom('sys_role').select('id').where('role_code', '=', COMPANY_ROLE_CODE).where('company_id', 'is', null).executeTakeFirst();
  const roles = companyRole ? [roleId, companyRole.id] : [roleId];

  const adminIds: string[] = [];
  if (input.newAdmin) {
    const a = input.newAdmin;
    const user = await trx
      .insertInto('sys_user')
      .values({
        username: a.phone,
        password_hash: a.password.hash,
        // Issue 42: a generated password is changed at the first login.
        must_change_password: true,
        real_name: a.realName,
        phone: a.phone,
        email: a.email,
        user_type: USER_TYPE_COMPANY_ADMIN,
        tenant_user_type: TENANT_USER_MAIN_ADMIN,
        company_id: input.companyId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    adminIds.push(user.id);
  } else {
    const admins = await trx
      .updateTable('sys_user')
      .set({ tenant_user_type: TENANT_USER_MAIN_ADMIN })
      .where('company_id', '=', input.companyId)
      .where('user_type', '=', USER_TYPE_COMPANY_ADMIN)
      .returning('id')
      .execute();
    adminIds.push(...admins.map((u) => u.id));
  }
  for (const id of adminIds) await grant(trx, id, roles, orgId);
  return { orgId, roleId, adminIds };
}
