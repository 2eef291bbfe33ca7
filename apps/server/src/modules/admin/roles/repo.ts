import { sql, type Kysely } from 'kysely';
import { isDataScope, type AdminRole, type RoleUser, type UserStatus } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { listedIn, reachableIn, type TenantScope } from '../../../db/tenantScope.ts';
import { likeContains, num, time } from '../common.ts';
import { pagedRows } from '../pagedQuery.ts';

export async function listRoles(
  db: Kysely<Database>,
  f: { roleName?: string; limit: number | null; offset: number; scope: TenantScope },
): Promise<{ rows: AdminRole[]; total: number }> {
  let base = db.selectFrom('sys_role').where(listedIn('company_id', f.scope));
  if (f.roleName) base = base.where('role_name', 'ilike', likeContains(f.roleName));
  const { rows, total } = await pagedRows(base, (q) => q.select(['id', 'role_name', 'role_code', 'remark', 'create_time', 'data_scope']).orderBy('id'), f);
  return {
    total,
    rows: rows.map((r) => ({
      id: num(r.id),
      roleName: r.role_name,
      roleCode: r.role_code,
      remark: r.remark,
      createTime: time(r.create_time),
      dataScope: isDataScope(r.data_scope) ? r.data_scope : 'self',
    })),
  };
}

/** The role, when the caller's scope reaches it (a tenant: only its own roles). */
export async function findRole(db: Kysely<Database>, id: string, scope: TenantScope) {
  return db
    .selectFrom('sys_role')
    .select(['id', 'role_name', 'role_code', 'remark', 'data_scope', 'company_id'])
    .where('id', '=', id)
    .where(reachableIn('company_id', scope))
    .executeTakeFirst();
}

/** Role names are unique per owner: the park, or one tenant. */
export async function roleNameTaken(db: Kysely<Database>, name: string, companyId: string | null, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('sys_role').select('id').where('role_name', '=', name).where(ownedBy(companyId));
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Holders of a role: directly, or through one of their organisations. */
export async function listRoleUsers(
  db: Kysely<Database>,
  roleId: string,
  limit: number,
  offset: number,
): Promise<{ rows: RoleUser[]; total: number }> {
  const holders = sql`
    select u.id, u.username, u.real_name, u.status,
           case when exists (select 1 from sys_user_role ur where ur.user_id = u.id and ur.role_id = ${roleId})
                then 'direct' else 'org' end as source
    from sys_user u
    where exists (select 1 from sys_user_role ur where ur.user_id = u.id and ur.role_id = ${roleId})
       or exists (select 1 from sys_user_org uo join sys_org_role ro on ro.org_id = uo.org_id
                  where uo.user_id = u.id and ro.role_id = ${roleId})`;
  const [page, count] = await Promise.all([
    sql<{ id: string; username: string; real_name: string; status: number; source: 'direct' | 'org' }>`
      select * from (${holders}) h order by id limit ${limit} offset ${offset}`.execute(db),
    sql<{ n: string }>`select count(*) as n from (${holders}) h`.execute(db),
  ]);
  return {
    total: Number(count.rows[0]?.n ?? 0),
    rows: page.rows.map((r) => ({
      id: num(r.id),
      username: r.username,
      realName: r.real_name,
      status: r.status as UserStatus,
      source: r.source,
    })),
  };
}

export async function directUsers(db: Kysely<Database>, roleId: string) {
  return db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_user as u', 'u.id', 'ur.user_id')
    .select(['u.id', 'u.username', 'u.real_name'])
    .where('ur.role_id', '=', roleId)
    .orderBy('u.id')
    .execute();
}

export async function roleOrgs(db: Kysely<Database>, roleId: string) {
  return db
    .selectFrom('sys_org_role as ro')
    .innerJoin('sys_org as o', 'o.id', 'ro.org_id')
    .select(['o.id', 'o.org_name'])
    .where('ro.role_id', '=', roleId)
    .orderBy('o.id')
    .execute();
}

export async function roleMenuIds(db: Kysely<Database>, roleId: string): Promise<string[]> {
  const rows = await db.selectFrom('sys_role_menu').select('menu_id').where('role_id', '=', roleId).orderBy('menu_id').execute();
  return rows.map((r) => r.menu_id);
}

const ownedBy = (companyId: string | null) => listedIn('company_id', { tenantId: companyId, byTenant: false });

/**
 * How many of these users or organisations exist and may go with a role: a tenant's role only
 * with its own tenant's (companyId), the park's with any.
 */
export async function countIn(db: Kysely<Database>, table: 'sys_user' | 'sys_org', ids: string[], companyId: string | null): Promise<number> {
  if (ids.length === 0) return 0;
  let q = db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('id', 'in', ids);
  if (companyId !== null) q = q.where('company_id', '=', companyId);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * How many of these menus a role may be bound to: a tenant's role only to menus the park made
 * tenant-visible and to the tenant's own (its handed-down forms' menus); the park's to any.
 */
export async function countGrantable(db: Kysely<Database>, menuIds: string[], companyId: string | null): Promise<number> {
  if (menuIds.length === 0) return 0;
  let q = db
    .selectFrom('sys_menu')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('id', 'in', menuIds);
  if (companyId !== null) q = q.where((eb) => eb.or([eb('tenant_visible', '=', true), eb('company_id', '=', companyId)]));
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}
