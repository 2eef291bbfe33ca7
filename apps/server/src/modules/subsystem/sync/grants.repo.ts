import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/** 数据同步 grants: interface × sub-system × tenant (company_id null: every tenant). */

export const grantsOf = (db: Kysely<Database>, sysId: string) =>
  db.selectFrom('sys_rel_inter').select(['inter_id', 'company_id']).where('sys_id', '=', sysId).orderBy('inter_id').orderBy('company_id').execute();

export const listInterfaces = (db: Kysely<Database>) =>
  db.selectFrom('sync_interface').select(['id', 'inter_code', 'inter_name']).orderBy('order_index').execute();

/** Every tenant, for the screen's scope choice (no listTenant is served on this branch). */
export const listTenantChoices = (db: Kysely<Database>) => db.selectFrom('sys_company').select(['id', 'company_name']).orderBy('id').execute();

export const findSysSyn = (db: Kysely<Database>, sysId: string) => db.selectFrom('sys_module').select(['id', 'syn']).where('id', '=', sysId).executeTakeFirst();

/** How many of the ids exist in the table (interfaces or tenants). */
export async function countExisting(db: Kysely<Database>, table: 'sync_interface' | 'sys_company', ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return (await db.selectFrom(table).select('id').where('id', 'in', ids).execute()).length;
}

export async function replaceGrants(db: Kysely<Database>, sysId: string, rows: { sys_id: string; inter_id: string; company_id: string | null }[]): Promise<void> {
  await db.deleteFrom('sys_rel_inter').where('sys_id', '=', sysId).execute();
  if (rows.length) await db.insertInto('sys_rel_inter').values(rows).execute();
}
