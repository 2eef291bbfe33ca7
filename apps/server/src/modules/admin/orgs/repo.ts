import { sql, type Kysely } from 'kysely';
import type { AdminOrgUser, UserStatus } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { listedIn, reachableIn, type TenantScope } from '../../../db/tenantScope.ts';
import { num } from '../common.ts';

/** The organisation, when the caller's scope reaches it (a tenant: only its own). */
export async function findOrg(db: Kysely<Database>, id: string, scope: TenantScope) {
  return db
    .selectFrom('sys_org')
    .select(['id', 'parent_id', 'org_name', 'org_code', 'order_index', 'company_id'])
    .where('id', '=', id)
    .where(reachableIn('company_id', scope))
    .executeTakeFirst();
}

/** Top-level organisations are siblings within one owner (the park, or one tenant). */
export async function siblingNameTaken(
  db: Kysely<Database>,
  parent: { parentId: string | null; companyId: string | null },
  name: string,
  exceptId?: string,
): Promise<boolean> {
  let q = db.selectFrom('sys_org').select('id').where('org_name', '=', name);
  q = parent.parentId === null ? q.where('parent_id', 'is', null).where(ownerIs(parent.companyId)) : q.where('parent_id', '=', parent.parentId);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

const ownerIs = (companyId: string | null) => listedIn('company_id', { tenantId: companyId, byTenant: false });

/** Children in display order (the top level: of that owner). */
export async function childIds(db: Kysely<Database>, parent: { parentId: string | null; companyId: string | null }): Promise<string[]> {
  let q = db.selectFrom('sys_org').select('id').orderBy('order_index').orderBy('id');
  q = parent.parentId === null ? q.where('parent_id', 'is', null).where(ownerIs(parent.companyId)) : q.where('parent_id', '=', parent.parentId);
  return (await q.execute()).map((r) => r.id);
}

/** One level of a tenant's (or the park's) organisations: listTenantOrg. */
export async function orgLevel(db: Kysely<Database>, scope: TenantScope, parentId: string | null) {
  let q = db
    .selectFrom('sys_org as o')
    .leftJoin('sys_org as p', 'p.id', 'o.parent_id')
    .select(['o.id', 'o.parent_id', 'o.org_name', 'o.org_code', 'o.order_index', 'p.org_name as parent_name'])
    .select((eb) => eb.exists(eb.selectFrom('sys_org as c').select('c.id').whereRef('c.parent_id', '=', 'o.id')).as('has_children'))
    .where(listedIn('o.company_id', scope))
    .orderBy('o.order_index')
    .orderBy('o.id');
  q = parentId === null ? q.where('o.parent_id', 'is', null) : q.where('o.parent_id', '=', parentId);
  return q.execute();
}

/** True when `candidate` is `id` or lies below it, i.e. moving `id` under it would make a loop. */
export async function isSelfOrDescendant(db: Kysely<Database>, id: string, candidate: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    with recursive sub(id) as (
      select id from sys_org where id = ${id}
      union all select o.id from sys_org o join sub on o.parent_id = sub.id
    ) select id from sub where id = ${candidate} limit 1`.execute(db);
  return rows.length > 0;
}

export async function countMembers(db: Kysely<Database>, orgId: string): Promise<number> {
  const row = await db
    .selectFrom('sys_user_org')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listMembers(
  db: Kysely<Database>,
  orgId: string,
  limit: number,
  offset: number,
): Promise<{ rows: AdminOrgUser[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('sys_user_org as uo')
      .innerJoin('sys_user as u', 'u.id', 'uo.user_id')
      .select(['u.id', 'u.username', 'u.real_name', 'u.phone', 'u.status'])
      .where('uo.org_id', '=', orgId)
      .orderBy('u.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    countMembers(db, orgId),
  ]);
  return {
    total,
    rows: rows.map((r) => ({
      id: num(r.id),
      username: r.username,
      realName: r.real_name,
      phone: r.phone,
      status: r.status as UserStatus,
    })),
  };
}
