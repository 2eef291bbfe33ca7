import { sql, type Kysely } from 'kysely';
import { isDataScope, type AdminRole, type RoleUser, type UserStatus } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { likeContains, num, time } from '../common.ts';
import { pagedRows } from '../pagedQuery.ts';

export async function listRoles(
  db: Kysely<Database>,
  f: { roleName?: string; limit: number | null; offset: number },
): Promise<{ rows: AdminRole[]; total: number }> {
  let base = db.selectFrom('sys_role');
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

export async function findRole(db: Kysely<Database>, id: string) {
  return db.selectFrom('sys_role').select(['id', 'role_name', 'role_code', 'remark', 'data_scope']).where('id', '=', id).executeTakeFirst();
}

export async function roleNameTaken(db: Kysely<Database>, name: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('sys_role').select('id').where('role_name', '=', name);
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

export async function countIn(db: Kysely<Database>, table: 'sys_user' | 'sys_org' | 'sys_menu', ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
