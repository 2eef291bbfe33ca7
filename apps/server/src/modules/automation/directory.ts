import { sql, type Kysely } from 'kysely';
import type { Directory } from '@park/core';
import type { Database } from '../../db/schema.ts';

const ids = (rows: Array<{ id: string | number }>) => rows.map((r) => String(r.id));
const nums = (list: readonly string[]) => list.filter((x) => /^\d{1,18}$/.test(x));

/**
 * core's recipient Directory over sys_user, sys_org and the role tables. Only enabled users are
 * named. A role counts whether held directly or through one of the user's organisations, as the
 * menu permissions count it.
 */
export function dbDirectory(db: Kysely<Database>): Directory {
  return {
    async usersWithRoles(roleIds) {
      const list = nums(roleIds);
      if (list.length === 0) return [];
      const r = await sql<{ id: string }>`
        select u.id from sys_user u where u.status = 0 and (
          exists (select 1 from sys_user_role ur where ur.user_id = u.id and ur.role_id = any(${list}::bigint[]))
          or exists (select 1 from sys_user_org uo join sys_org_role ro on ro.org_id = uo.org_id
                     where uo.user_id = u.id and ro.role_id = any(${list}::bigint[])))
        order by u.id`.execute(db);
      return ids(r.rows);
    },
    async usersInOrgs(orgIds) {
      const list = nums(orgIds);
      if (list.length === 0) return [];
      const r = await sql<{ id: string }>`
        select distinct u.id from sys_user u join sys_user_org uo on uo.user_id = u.id
        where u.status = 0 and uo.org_id = any(${list}::bigint[]) order by u.id`.execute(db);
      return ids(r.rows);
    },
    async usersInOrgsWithRole(orgIds, roleId) {
      const list = nums(orgIds);
      if (list.length === 0 || nums([roleId]).length === 0) return [];
      const r = await sql<{ id: string }>`
        select distinct u.id from sys_user u join sys_user_org uo on uo.user_id = u.id
        where u.status = 0 and uo.org_id = any(${list}::bigint[]) and (
          exists (select 1 from sys_user_role ur where ur.user_id = u.id and ur.role_id = ${roleId}::bigint)
          or exists (select 1 from sys_org_role ro where ro.org_id = uo.org_id and ro.role_id = ${roleId}::bigint))
        order by u.id`.execute(db);
      return ids(r.rows);
    },
    async orgsOfUsers(userIds) {
      const list = nums(userIds);
      if (list.length === 0) return [];
      const rows = await db.selectFrom('sys_user_org').select('org_id').where('user_id', 'in', list).orderBy('org_id').execute();
      return [...new Set(rows.map((r) => String(r.org_id)))];
    },
    async org(orgId) {
      if (nums([orgId]).length === 0) return null;
      const row = await db.selectFrom('sys_org').select(['parent_id', 'leader_id']).where('id', '=', orgId).executeTakeFirst();
      return row ? { parentId: row.parent_id, leaderId: row.leader_id } : null;
    },
  };
}
