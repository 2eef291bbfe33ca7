import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { PARK_CONTACT_TENANT_NAME, type BookContact, type BookOrg, type BookQuery } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { likeContains } from '../../plugins/scope.ts';

/**
 * Whose entries a caller reads (docs/architecture.md, 通讯录): the park every tenant's and its own;
 * a tenant's user its own tenant's, and of the park only what is public — its active people who
 * have a phone (the park's contacts, a person without a phone is no contact), and its departments.
 */
export type BookViewer = { park: true } | { park: false; tenantId: string };

/** Matches the 企业名称 filter against the tenant's name, or the park's name for the park's rows. */
function tenantNameLike(companyColumn: string, nameColumn: string, tenantName: string | undefined): RawBuilder<SqlBool> {
  if (tenantName === undefined) return sql<SqlBool>`true`;
  const pattern = likeContains(tenantName);
  return sql<SqlBool>`(${sql.ref(nameColumn)} ilike ${pattern} or (${sql.ref(companyColumn)} is null and ${PARK_CONTACT_TENANT_NAME} ilike ${pattern}))`;
}

function contactsVisibleTo(viewer: BookViewer): RawBuilder<SqlBool> {
  if (viewer.park) return sql<SqlBool>`true`;
  return sql<SqlBool>`(u.company_id = ${viewer.tenantId} or (u.company_id is null and u.user_type = 0 and coalesce(u.phone, '') <> ''))`;
}

function orgsVisibleTo(viewer: BookViewer): RawBuilder<SqlBool> {
  return viewer.park ? sql<SqlBool>`true` : sql<SqlBool>`(o.company_id = ${viewer.tenantId} or o.company_id is null)`;
}

const offsetOf = (q: BookQuery) => (q.pageNum - 1) * q.pageSize;

/** The page is chosen first (an indexed scan of the caller's scope), then its departments and
 *  roles are gathered for those rows only, in the same statement — never a query per person.
 *  Only the listed columns leave sys_user: no password hash can reach a reply. */
export async function listContacts(db: Kysely<Database>, viewer: BookViewer, q: BookQuery): Promise<{ rows: BookContact[]; total: number }> {
  const where = sql<SqlBool>`u.status = 0 and ${contactsVisibleTo(viewer)}
    and ${q.userName === undefined ? sql<SqlBool>`true` : sql<SqlBool>`u.real_name ilike ${likeContains(q.userName)}`}
    and ${tenantNameLike('u.company_id', 'c.company_name', q.tenantName)}`;
  const [page, count] = await Promise.all([
    sql<BookContact>`
      with page as (
        select u.id, u.company_id, c.company_name, u.real_name, u.phone, u.email, u.job_title
        from sys_user u left join sys_company c on c.id = u.company_id
        where ${where}
        order by u.company_id nulls first, u.id
        limit ${q.pageSize} offset ${offsetOf(q)}
      )
      select p.id::int as "id", p.company_id::int as "tenantId", coalesce(p.company_name, ${PARK_CONTACT_TENANT_NAME}) as "tenantName",
        p.real_name as "realName", p.phone, p.email, p.job_title as "jobs",
        coalesce((select json_agg(json_build_object('orgName', o.org_name) order by o.order_index, o.id)
                  from sys_user_org uo join sys_org o on o.id = uo.org_id where uo.user_id = p.id), '[]'::json) as "orgs",
        coalesce((select json_agg(json_build_object('roleName', r.role_name) order by r.id)
                  from sys_user_role ur join sys_role r on r.id = ur.role_id where ur.user_id = p.id), '[]'::json) as "roles"
      from page p
      order by p.company_id nulls first, p.id`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from sys_user u left join sys_company c on c.id = u.company_id where ${where}`.execute(db),
  ]);
  return { rows: page.rows, total: count.rows[0]?.n ?? 0 };
}

export async function listOrgs(db: Kysely<Database>, viewer: BookViewer, q: BookQuery): Promise<{ rows: BookOrg[]; total: number }> {
  const where = sql<SqlBool>`${orgsVisibleTo(viewer)}
    and ${q.orgName === undefined ? sql<SqlBool>`true` : sql<SqlBool>`o.org_name ilike ${likeContains(q.orgName)}`}
    and ${tenantNameLike('o.company_id', 'c.company_name', q.tenantName)}`;
  const [page, count] = await Promise.all([
    sql<BookOrg>`
      select o.id::int as "id", o.company_id::int as "tenantId", coalesce(c.company_name, ${PARK_CONTACT_TENANT_NAME}) as "tenantName",
        o.org_name as "orgName", coalesce(p.org_name, '') as "parentOrgName", coalesce(l.real_name, '') as "orgLeaderName"
      from sys_org o
        left join sys_company c on c.id = o.company_id
        left join sys_org p on p.id = o.parent_id
        left join sys_user l on l.id = o.leader_id
      where ${where}
      order by o.company_id nulls first, o.parent_id nulls first, o.order_index, o.id
      limit ${q.pageSize} offset ${offsetOf(q)}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from sys_org o left join sys_company c on c.id = o.company_id where ${where}`.execute(db),
  ]);
  return { rows: page.rows, total: count.rows[0]?.n ?? 0 };
}
