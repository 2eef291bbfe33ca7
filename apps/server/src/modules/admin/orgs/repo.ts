import { sql, type Kysely } from 'kysely';
import type { AdminOrgUser, UserStatus } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { num } from '../common.ts';

export async function findOrg(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('sys_org')
    .select(['id', 'parent_id', 'org_name', 'org_code', 'order_index'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function siblingNameTaken(
  db: Kysely<Database>,
  parentId: string | null,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  let q = db.selectFrom('sys_org').select('id').where('org_name', '=', name);
  q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Children in display order. */
export async function childIds(db: Kysely<Database>, parentId: string | null): Promise<string[]> {
  let q = db.selectFrom('sys_org').select('id').orderBy('order_index').orderBy('id');
  q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
  return (await q.execute()).map((r) => r.id);
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
