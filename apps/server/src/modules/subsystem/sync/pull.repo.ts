import { sql, type Kysely } from 'kysely';
import type { SyncEntity } from '@park/core';
import type { Database } from '../../../db/schema.ts';

/** The tenants a sub-system is granted an interface for: 'all', or the list (empty: not granted). */
export async function grantScope(db: Kysely<Database>, sysId: string, code: SyncEntity): Promise<'all' | string[]> {
  const rows = await db
    .selectFrom('sys_rel_inter as g')
    .innerJoin('sync_interface as i', 'i.id', 'g.inter_id')
    .select('g.company_id')
    .where('g.sys_id', '=', sysId)
    .where('i.inter_code', '=', code)
    .execute();
  if (rows.some((r) => r.company_id === null)) return 'all';
  return rows.map((r) => r.company_id!);
}

/**
 * Changes after the cursor, oldest first. `tenants` 'all' includes the park's own rows (company_id
 * null); a list only those tenants'. For companies the entity is the tenant itself.
 */
export function changesAfter(db: Kysely<Database>, code: SyncEntity, cursor: string, tenants: 'all' | string[], limit: number) {
  let q = db.selectFrom('sync_change').select(['seq', 'entity_id', 'company_id', 'op', 'changed_at']).where('inter_code', '=', code).where('seq', '>', cursor);
  if (tenants !== 'all') q = q.where('company_id', 'in', tenants);
  return q.orderBy('seq').limit(limit).execute();
}

/** The newest change seq (the webhook dispatcher starts here, so history is not pushed). */
export async function newestSeq(db: Kysely<Database>): Promise<string> {
  const r = await db.selectFrom('sync_change').select(sql<string>`coalesce(max(seq), 0)`.as('seq')).executeTakeFirstOrThrow();
  return String(r.seq);
}

type Row = Record<string, unknown> & { id: string };

/*
 * What each interface hands out, by id: named columns only, so password hashes, secrets and
 * anything added to these tables later never leave by accident.
 */
export const ENTITY_LOADERS: Record<SyncEntity, (db: Kysely<Database>, ids: string[]) => Promise<Row[]>> = {
  organisations: (db, ids) =>
    db
      .selectFrom('sys_org')
      .select(['id', 'parent_id as parentId', 'org_name as orgName', 'org_code as orgCode', 'order_index as orderIndex', 'company_id as tenantId', 'update_time as updateTime'])
      .where('id', 'in', ids)
      .execute(),
  users: async (db, ids) => {
    const users = await db
      .selectFrom('sys_user')
      .select(['id', 'username', 'real_name as realName', 'sex', 'phone', 'email', 'job_title as jobTitle', 'user_type as userType', 'status', 'company_id as tenantId', 'update_time as updateTime'])
      .where('id', 'in', ids)
      .execute();
    const orgs = await db.selectFrom('sys_user_org').select(['user_id', 'org_id']).where('user_id', 'in', ids).execute();
    const roles = await db.selectFrom('sys_user_role').select(['user_id', 'role_id']).where('user_id', 'in', ids).execute();
    return users.map((u) => ({
      ...u,
      orgIds: orgs.filter((o) => o.user_id === u.id).map((o) => o.org_id),
      roleIds: roles.filter((r) => r.user_id === u.id).map((r) => r.role_id),
    }));
  },
  roles: (db, ids) =>
    db.selectFrom('sys_role').select(['id', 'role_name as roleName', 'role_code as roleCode', 'remark', 'company_id as tenantId']).where('id', 'in', ids).execute(),
  companies: (db, ids) =>
    db
      .selectFrom('sys_company')
      .select([
        'id',
        'company_name as companyName',
        'company_code as companyCode',
        'address',
        'industry_name as industryName',
        'status',
        'tenant_status as tenantStatus',
        'contact_name as contactName',
        'contact_phone as contactPhone',
        'update_time as updateTime',
      ])
      .where('id', 'in', ids)
      .execute(),
  dictionaries: async (db, ids) => {
    const types = await db.selectFrom('sys_dic_type').select(['id', 'type_code as typeCode', 'type_name as typeName', 'remark', 'company_id as tenantId']).where('id', 'in', ids).execute();
    const items = await db
      .selectFrom('sys_dic_catalog')
      .select(['id', 'type_id', 'parent_id as parentId', 'code', 'name', 'order_index as orderIndex'])
      .where('type_id', 'in', ids)
      .orderBy('order_index')
      .execute();
    return types.map((t) => ({ ...t, items: items.filter((i) => i.type_id === t.id).map(({ type_id: _, ...i }) => i) }));
  },
};
