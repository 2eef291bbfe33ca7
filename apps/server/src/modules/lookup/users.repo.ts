import { sql, type Kysely } from 'kysely';
import { formatDateTime } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { keysetBatch, type KeysetFetch } from './jsonStream.ts';
import { likeContains } from '../../plugins/scope.ts';

export interface UserListFilter {
  /** Keyword: user name, real name or phone. */
  wd?: string;
  /** Members of this organisation or of any below it. */
  orgId?: number;
  /** Direct members of this organisation only. */
  memberOf?: number;
  status?: number;
  /** A tenant's users see only their tenant's users; the park all, or the tenant it picked (tenantScopeOf). */
  companyId: string | null;
}

function filtered(db: Kysely<Database>, f: UserListFilter) {
  let q = db.selectFrom('sys_user as u');
  if (f.wd) {
    const pattern = likeContains(f.wd);
    q = q.where((eb) =>
      eb.or([eb('u.username', 'ilike', pattern), eb('u.real_name', 'ilike', pattern), eb('u.phone', 'ilike', pattern)]),
    );
  }
  if (f.status !== undefined) q = q.where('u.status', '=', f.status);
  if (f.companyId !== null) q = q.where('u.company_id', '=', f.companyId);
  if (f.memberOf !== undefined) {
    const orgId = String(f.memberOf);
    q = q.where(({ exists, selectFrom }) =>
      exists(selectFrom('sys_user_org as uo').select(sql`1`.as('one')).whereRef('uo.user_id', '=', 'u.id').where('uo.org_id', '=', orgId)),
    );
  }
  if (f.orgId !== undefined) {
    const orgId = String(f.orgId);
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('sys_user_org as uo')
          .select(sql`1`.as('one'))
          .whereRef('uo.user_id', '=', 'u.id')
          .where(
            'uo.org_id',
            'in',
            sql<string>`(with recursive sub(id) as (
              select id from sys_org where id = ${orgId}
              union all select o.id from sys_org o join sub on o.parent_id = sub.id
            ) select id from sub)`,
          ),
      ),
    );
  }
  return q;
}

export async function countUsers(db: Kysely<Database>, f: UserListFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface UserBatchRow {
  id: string;
  username: string;
  real_name: string;
  sex: string | null;
  phone: string | null;
  email: string | null;
  user_type: number;
  tenant_user_type: number | null;
  status: number;
  create_time: Date;
  /** JSON text of [{id, orgName}], as PostgreSQL wrote it. */
  orgs: string | null;
  org_name: string | null;
  /** JSON text of [{id, roleName}]. */
  roles: string | null;
}

/**
 * One batch of the list, newest first (id descending), with each user's organisations and roles
 * aggregated by PostgreSQL into JSON text: one round trip per batch, nothing parsed twice.
 */
export function userBatch(db: Kysely<Database>, f: UserListFilter, q: KeysetFetch): Promise<UserBatchRow[]> {
  const page = filtered(db, f)
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('sys_user_org as uo')
          .innerJoin('sys_org as o', 'o.id', 'uo.org_id')
          .whereRef('uo.user_id', '=', 'u.id')
          .select([
            sql<string | null>`json_agg(json_build_object('id', o.id, 'orgName', o.org_name) order by o.id)::text`.as('orgs'),
            sql<string | null>`string_agg(o.org_name, ',' order by o.id)`.as('org_name'),
          ])
          .as('og'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('sys_user_role as ur')
          .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
          .whereRef('ur.user_id', '=', 'u.id')
          .select(sql<string | null>`json_agg(json_build_object('id', r.id, 'roleName', r.role_name) order by r.id)::text`.as('roles'))
          .as('rg'),
      (join) => join.onTrue(),
    )
    .select([
      'u.id',
      'u.username',
      'u.real_name',
      'u.sex',
      'u.phone',
      'u.email',
      'u.user_type',
      'u.tenant_user_type',
      'u.status',
      'u.create_time',
      'og.orgs',
      'og.org_name',
      'rg.roles',
    ]);
  return keysetBatch(page, 'u.id', q).execute();
}

/** A row as JSON text; the aggregated lists are spliced in as PostgreSQL wrote them. */
export function encodeUser(r: UserBatchRow): string {
  const head = JSON.stringify({
    id: Number(r.id),
    username: r.username,
    realName: r.real_name,
    orgName: r.org_name,
    phone: r.phone,
    email: r.email,
    sex: r.sex,
    userType: r.user_type,
    tenantUserType: r.tenant_user_type,
    status: r.status,
    createTime: formatDateTime(r.create_time),
  });
  return `${head.slice(0, -1)},"orgList":${r.orgs ?? '[]'},"roleList":${r.roles ?? '[]'}}`;
}
