import { sql, type Kysely } from 'kysely';
import type { OrgRef, RoleRef } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { reachableIn, type TenantScope } from '../../../db/tenantScope.ts';
import { num } from '../common.ts';

/** Organisations and directly held roles of these users, by user id. */
export async function linksOf(db: Kysely<Database>, userIds: string[]) {
  const orgs = new Map<string, OrgRef[]>();
  const roles = new Map<string, RoleRef[]>();
  if (userIds.length === 0) return { orgs, roles };
  const [orgRows, roleRows] = await Promise.all([
    db
      .selectFrom('sys_user_org as uo')
      .innerJoin('sys_org as o', 'o.id', 'uo.org_id')
      .select(['uo.user_id', 'o.id', 'o.org_name'])
      .where('uo.user_id', 'in', userIds)
      .orderBy('o.id')
      .execute(),
    db
      .selectFrom('sys_user_role as ur')
      .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
      .select(['ur.user_id', 'r.id', 'r.role_name'])
      .where('ur.user_id', 'in', userIds)
      .orderBy('r.id')
      .execute(),
  ]);
  for (const o of orgRows) {
    const list = orgs.get(o.user_id) ?? [];
    list.push({ id: num(o.id), orgName: o.org_name });
    orgs.set(o.user_id, list);
  }
  for (const r of roleRows) {
    const list = roles.get(r.user_id) ?? [];
    list.push({ id: num(r.id), roleName: r.role_name });
    roles.set(r.user_id, list);
  }
  return { orgs, roles };
}

/** The user, when the caller's scope reaches it (a tenant: only its own users). */
export async function findUser(db: Kysely<Database>, id: string, scope: TenantScope) {
  return db
    .selectFrom('sys_user')
    .select(['id', 'username', 'real_name', 'sex', 'phone', 'email', 'user_type', 'status', 'company_id', 'tenant_user_type'])
    .where('id', '=', id)
    .where(reachableIn('company_id', scope))
    .executeTakeFirst();
}

export async function usernameTaken(db: Kysely<Database>, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('sys_user')
    .select('id')
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function directRoleIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.role_id);
}

export async function orgIdsOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('sys_user_org').select('org_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.org_id);
}

export async function replaceLinks(
  db: Kysely<Database>,
  userId: string,
  links: { roleIds?: string[]; orgIds?: string[] },
): Promise<void> {
  if (links.roleIds) {
    await db.deleteFrom('sys_user_role').where('user_id', '=', userId).execute();
    if (links.roleIds.length > 0) {
      await db
        .insertInto('sys_user_role')
        .values(links.roleIds.map((role_id) => ({ user_id: userId, role_id })))
        .execute();
    }
  }
  if (links.orgIds) {
    await db.deleteFrom('sys_user_org').where('user_id', '=', userId).execute();
    if (links.orgIds.length > 0) {
      await db
        .insertInto('sys_user_org')
        .values(links.orgIds.map((org_id) => ({ user_id: userId, org_id })))
        .execute();
    }
  }
}

/** How many of these ids exist in the table (and the caller's scope reaches), to refuse references to other rows. */
export async function countExisting(db: Kysely<Database>, table: 'sys_org' | 'sys_role', ids: string[], scope: TenantScope): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('id', 'in', ids)
    .where(reachableIn('company_id', scope))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Organisations among these that hold the given role (membership in them grants it). */
export async function orgsHoldingRole(db: Kysely<Database>, orgIds: string[], roleId: string): Promise<string[]> {
  if (orgIds.length === 0) return [];
  const rows = await db
    .selectFrom('sys_org_role')
    .select('org_id')
    .where('org_id', 'in', orgIds)
    .where('role_id', '=', roleId)
    .execute();
  return rows.map((r) => r.org_id);
}
