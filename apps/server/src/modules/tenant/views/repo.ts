import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/** The tenants the 租户管理 views' selector offers (id, tenantName, status), newest last. */
export async function tenantOptions(db: Kysely<Database>, limit: number, offset: number) {
  const base = db.selectFrom('sys_company').where('status', '=', '1');
  const [rows, count] = await Promise.all([
    base.select(['id', 'company_name', 'tenant_status']).orderBy('id').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ id: Number(r.id), tenantName: r.company_name, status: r.tenant_status })), total: Number(count.n) };
}
