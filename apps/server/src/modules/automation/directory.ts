import { sql, type Kysely } from 'kysely';
import { tenantDirectory, type Directory, type RecipientRole, type TenantLookup } from '@park/core';
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
    async usersOfCompaniesWithRole(companyIds, roleId) {
      const list = nums(companyIds);
      if (list.length === 0 || nums([roleId]).length === 0) return [];
      // The role itself (a park role a company user holds), or the company's own role of its code.
      const r = await sql<{ id: string }>`
        select distinct u.id from sys_user u join sys_user_role ur on ur.user_id = u.id join sys_role r on r.id = ur.role_id
        where u.status = 0 and u.company_id = any(${list}::bigint[]) and (r.id = ${roleId}::bigint
          or (r.company_id = u.company_id and r.role_code = (select role_code from sys_role where id = ${roleId}::bigint)))
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

/** tenantDirectory's lookups over sys_role / sys_org / sys_user for tenant `tenantId`. */
function tenantLookup(db: Kysely<Database>, tenantId: string): TenantLookup {
  const roleRef = (r: { id: string; role_code: string | null; role_name: string; company_id: string | null }): RecipientRole => ({
    id: String(r.id),
    code: r.role_code,
    name: r.role_name,
    companyId: r.company_id === null ? null : String(r.company_id),
  });
  const roleCols = ['id', 'role_code', 'role_name', 'company_id'] as const;
  return {
    async roles(roleIds) {
      const list = nums(roleIds);
      if (list.length === 0) return [];
      return (await db.selectFrom('sys_role').select(roleCols).where('id', 'in', list).execute()).map(roleRef);
    },
    async tenantRoles() {
      return (await db.selectFrom('sys_role').select(roleCols).where('company_id', '=', tenantId).orderBy('id').execute()).map(roleRef);
    },
    async orgsOfTenant(orgIds) {
      const list = nums(orgIds);
      if (list.length === 0) return [];
      return ids(await db.selectFrom('sys_org').select('id').where('id', 'in', list).where('company_id', '=', tenantId).orderBy('id').execute());
    },
    async usersOfTenant(userIds) {
      const list = nums(userIds);
      if (list.length === 0) return [];
      const inside = new Set(ids(await db.selectFrom('sys_user').select('id').where('id', 'in', list).where('company_id', '=', tenantId).execute()));
      return list.filter((id) => inside.has(id));
    },
  };
}

/**
 * The tenant a record of form `formId` belongs to (issue 36): its company when the form is that
 * company's own or was handed down to it (form_tenant); null for the park's records and for a
 * company's record of a park form it was not handed (the park's collection forms companies fill in,
 * whose approvers are the park's).
 */
export async function tenantOfRecord(db: Kysely<Database>, formId: string, record: Readonly<Record<string, unknown>>): Promise<string | null> {
  const companyId = record.company_id === null || record.company_id === undefined ? '' : String(record.company_id);
  if (nums([companyId, formId]).length < 2) return null;
  const r = await sql<{ inside: boolean }>`
    select exists (select 1 from form_conf where id = ${formId}::bigint and company_id = ${companyId}::bigint)
        or exists (select 1 from form_tenant where form_id = ${formId}::bigint and company_id = ${companyId}::bigint) as inside`.execute(db);
  return r.rows[0]?.inside ? companyId : null;
}

/** A Directory limited to a tenant's roles, organisations and users (core's tenantDirectory). */
export function tenantDbDirectory(db: Kysely<Database>, tenantId: string): Directory {
  return tenantDirectory(dbDirectory(db), tenantId, tenantLookup(db, tenantId));
}

/**
 * The Directory recipients of a record resolve in: the tenant's (tenantDbDirectory) when the record
 * belongs to one (tenantOfRecord), else every user. The tenant is looked up once, on first use.
 */
export function recordDirectory(db: Kysely<Database>, formId: string, record: Readonly<Record<string, unknown>>): Directory {
  let chosen: Promise<Directory> | null = null;
  const dir = () => (chosen ??= tenantOfRecord(db, formId, record).then((t) => (t === null ? dbDirectory(db) : tenantDbDirectory(db, t))));
  return {
    usersWithRoles: async (x) => (await dir()).usersWithRoles(x),
    usersInOrgs: async (x) => (await dir()).usersInOrgs(x),
    usersInOrgsWithRole: async (x, role) => (await dir()).usersInOrgsWithRole(x, role),
    usersOfCompaniesWithRole: async (x, role) => (await dir()).usersOfCompaniesWithRole(x, role),
    orgsOfUsers: async (x) => (await dir()).orgsOfUsers(x),
    org: async (x) => (await dir()).org(x),
    within: async (x) => {
      const d = await dir();
      return d.within ? d.within(x) : [...x];
    },
  };
}
