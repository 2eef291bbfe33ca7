import { sql, type Kysely } from 'kysely';
import { formatDateTime, type TenantRow } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { likeContains } from '../../../plugins/scope.ts';

/** 租户信息's reads and writes of sys_company (a tenant is a company, ADR 0034). */

export interface TenantFilter {
  tenantName?: string;
  industry?: string;
  phone?: string;
  status?: 0 | 1;
  pageNum: number;
  pageSize: number;
}

/* Review statuses that are tenants: an approved company ('1'). Pending, rejected and voided
   registrations are companies still under review (企业管理), not tenants. */
const TENANT_REVIEW_STATUS = '1';

export async function listTenants(db: Kysely<Database>, f: TenantFilter): Promise<{ rows: TenantRow[]; total: number }> {
  let base = db.selectFrom('sys_company as c').where('c.status', '=', TENANT_REVIEW_STATUS);
  if (f.tenantName) base = base.where('c.company_name', 'ilike', likeContains(f.tenantName));
  if (f.industry) base = base.where('c.industry_name', 'ilike', likeContains(f.industry));
  if (f.phone) base = base.where('c.contact_phone', 'ilike', likeContains(f.phone));
  if (f.status !== undefined) base = base.where('c.tenant_status', '=', f.status);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('sys_user as cu', 'cu.id', 'c.create_by')
      .leftJoin('sys_user as uu', 'uu.id', 'c.update_by')
      .selectAll('c')
      .select(['cu.username as create_user', 'uu.username as update_user'])
      .orderBy('c.id', 'desc')
      .limit(f.pageSize)
      .offset((f.pageNum - 1) * f.pageSize)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map(
      (r): TenantRow => ({
        id: Number(r.id),
        tenantName: r.company_name,
        industry: r.industry_name,
        location: r.location ?? r.administrative_area_name,
        address: r.address,
        contact: r.contact_name,
        phone: r.contact_phone,
        email: r.contact_email,
        userName: r.create_user,
        lastUpdateUserName: r.update_user,
        createTime: formatDateTime(r.create_time),
        lastUpdateTime: formatDateTime(r.update_time),
        status: r.tenant_status,
        lat: r.lat,
        lnt: r.lnt,
        provice: r.province_name,
        proviceCode: r.province_code,
        city: r.city_name,
        cityCode: r.city_code,
        area: r.area_name,
        areaCode: r.area_code,
        source: r.source,
      }),
    ),
  };
}

export function findTenant(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('sys_company')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', TENANT_REVIEW_STATUS)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Tenant names are checked under one transaction lock, so two 新增 with the same name cannot
 * both pass the check (names are not unique in sys_company: registrations predate tenants).
 */
export async function lockTenantNames(db: Kysely<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('tenant-name'))`.execute(db);
}

export async function tenantNameTaken(db: Kysely<Database>, name: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('sys_company')
    .select('id')
    .where(sql`lower(btrim(company_name))`, '=', name.trim().toLowerCase())
    // A voided registration's name is free again.
    .where('status', '<>', '3');
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

/** The phone becomes a login name: taken when an account has it as its name or a tenant as its contact. */
export async function tenantPhoneTaken(db: Kysely<Database>, phone: string): Promise<boolean> {
  const user = await db.selectFrom('sys_user').select('id').where(sql`lower(username)`, '=', phone.toLowerCase()).executeTakeFirst();
  if (user) return true;
  const company = await db.selectFrom('sys_company').select('id').where('contact_phone', '=', phone).where('status', '<>', '3').executeTakeFirst();
  return !!company;
}

/** A county and its city and province, by code, with the names of our table (never the browser's). */
export async function regionChain(db: Kysely<Database>, areaCode: string) {
  return db
    .selectFrom('sys_region as a')
    .innerJoin('sys_region as c', 'c.code', 'a.parent_code')
    .innerJoin('sys_region as p', 'p.code', 'c.parent_code')
    .select(['a.code as areaCode', 'a.name as area', 'c.code as cityCode', 'c.name as city', 'p.code as proviceCode', 'p.name as provice'])
    .where('a.code', '=', areaCode)
    .where('a.level', '=', 3)
    .executeTakeFirst();
}

export interface TenantValues {
  company_name: string;
  industry_name: string;
  address: string;
  contact_name: string;
  contact_email: string;
  location: string;
  province_code: string;
  province_name: string;
  city_code: string;
  city_name: string;
  area_code: string;
  area_name: string;
  administrative_area_code: string;
  administrative_area_name: string;
  lat: string | null;
  lnt: string | null;
}

export async function insertTenant(
  db: Kysely<Database>,
  values: TenantValues & { contact_phone: string; tenant_status: number },
  by: string,
): Promise<string> {
  const row = await db
    .insertInto('sys_company')
    .values({ ...values, company_code: null, status: TENANT_REVIEW_STATUS, source: 'park', checked_by: by, checked_time: new Date(), create_by: by, update_by: by })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTenantRow(db: Kysely<Database>, id: string, values: TenantValues & { tenant_status: number }, by: string): Promise<void> {
  await db
    .updateTable('sys_company')
    .set({ ...values, update_by: by, update_time: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function setTenantStatus(db: Kysely<Database>, id: string, status: 0 | 1, by: string): Promise<void> {
  await db.updateTable('sys_company').set({ tenant_status: status, update_by: by, update_time: new Date() }).where('id', '=', id).execute();
}

export async function tenantUserIds(db: Kysely<Database>, id: string): Promise<string[]> {
  const rows = await db.selectFrom('sys_user').select('id').where('company_id', '=', id).execute();
  return rows.map((r) => r.id);
}
