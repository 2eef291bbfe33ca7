import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { keysetBatch, type KeysetFetch } from '../lookup/index.ts';
import { likeContains } from '../../plugins/scope.ts';

export interface CompanyListFilter {
  /** Status: '0' 未审核, '1' 审核通过, '2' 审核不通过, '3' 已作废. */
  status?: string;
  companyName?: string;
  /** Company users see only their own company. */
  companyId: string | null;
}

function filtered(db: Kysely<Database>, f: CompanyListFilter) {
  let q = db.selectFrom('sys_company as c');
  if (f.status !== undefined) q = q.where('c.status', '=', f.status);
  if (f.companyName) q = q.where('c.company_name', 'ilike', likeContains(f.companyName));
  if (f.companyId !== null) q = q.where('c.id', '=', f.companyId);
  return q;
}

export async function countCompanies(db: Kysely<Database>, f: CompanyListFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One batch, newest first: only the picker's columns. */
export function companyBatch(db: Kysely<Database>, f: CompanyListFilter, q: KeysetFetch) {
  const page = filtered(db, f).select([
    'c.id',
    'c.company_name',
    'c.company_code',
    'c.administrative_area_name',
    'c.industry_name',
    'c.industy_type',
    'c.economic_type_name',
    'c.status',
  ]);
  return keysetBatch(page, 'c.id', q).execute();
}

export type CompanyBatchRow = Awaited<ReturnType<typeof companyBatch>>[number];

export function encodeCompany(r: CompanyBatchRow): string {
  return JSON.stringify({
    id: Number(r.id),
    companyName: r.company_name,
    companyCode: r.company_code,
    administrativeAreaName: r.administrative_area_name,
    industryName: r.industry_name,
    industyType: r.industy_type,
    economicTypeName: r.economic_type_name,
    status: r.status,
  });
}

export async function companyOf(db: Kysely<Database>, companyId: string) {
  return db.selectFrom('sys_company').select(['id', 'company_name']).where('id', '=', companyId).executeTakeFirst();
}
