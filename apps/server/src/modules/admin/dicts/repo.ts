import { sql, type Kysely } from 'kysely';
import type { DicCatalog, DicType } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { listedIn, listedWithPark, readableWithPark, type TenantScope } from '../../../db/tenantScope.ts';
import { likeContains, num, time } from '../common.ts';
import { pagedRows } from '../pagedQuery.ts';

export async function listTypes(
  db: Kysely<Database>,
  f: { wd?: string; limit: number | null; offset: number; scope: TenantScope },
): Promise<{ rows: DicType[]; total: number }> {
  // A tenant's own types beside the park's (read-only to it); the park's view of a tenant: the tenant's.
  let base = db.selectFrom('sys_dic_type').where(f.scope.byTenant ? listedWithPark('company_id', f.scope) : listedIn('company_id', f.scope));
  if (f.wd) {
    const p = likeContains(f.wd);
    base = base.where((eb) => eb.or([eb('type_code', 'ilike', p), eb('type_name', 'ilike', p)]));
  }
  const { rows, total } = await pagedRows(base, (q) => q.select(['id', 'type_code', 'type_name', 'remark', 'create_time']).orderBy('id'), f);
  return {
    total,
    rows: rows.map((r) => ({
      id: num(r.id),
      typeCode: r.type_code,
      typeName: r.type_name,
      remark: r.remark,
      createTime: time(r.create_time),
    })),
  };
}

/** The type, when the caller may read it (a tenant: its own and the park's). */
export async function findType(db: Kysely<Database>, id: string, scope: TenantScope) {
  return db
    .selectFrom('sys_dic_type')
    .select(['id', 'type_code', 'type_name', 'remark', 'company_id'])
    .where('id', '=', id)
    .where(readableWithPark('company_id', scope))
    .executeTakeFirst();
}

/**
 * The type named by id or code (pickers know the code, the admin screen the id) that the caller
 * may read; by code a tenant's own type comes before the park's of the same code.
 */
export async function resolveType(db: Kysely<Database>, ref: { typeId?: number; typeCode?: string }, scope: TenantScope) {
  let q = db.selectFrom('sys_dic_type').select(['id', 'type_code', 'company_id']).where(readableWithPark('company_id', scope));
  if (ref.typeId !== undefined) q = q.where('id', '=', String(ref.typeId));
  else if (ref.typeCode !== undefined) q = q.where('type_code', '=', ref.typeCode);
  else return undefined;
  return q.orderBy(sql`company_id is null`).executeTakeFirst();
}

/** Type codes are unique per owner: the park, or one tenant. */
export async function typeCodeTaken(db: Kysely<Database>, code: string, companyId: string | null, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('sys_dic_type')
    .select('id')
    .where('type_code', '=', code)
    .where(listedIn('company_id', { tenantId: companyId, byTenant: false }));
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

type CatalogRow = { id: string; type_id: string; parent_id: string | null; code: string; name: string; order_index: number };

const toCatalog = (r: CatalogRow): DicCatalog => ({
  id: num(r.id),
  typeId: num(r.type_id),
  parentId: r.parent_id === null ? null : num(r.parent_id),
  code: r.code,
  name: r.name,
  orderIndex: r.order_index,
});

export async function catalogTree(db: Kysely<Database>, typeId: string): Promise<DicCatalog[]> {
  const rows = await db
    .selectFrom('sys_dic_catalog')
    .select(['id', 'type_id', 'parent_id', 'code', 'name', 'order_index'])
    .where('type_id', '=', typeId)
    .orderBy('order_index')
    .orderBy('id')
    .execute();
  const nodes = new Map(rows.map((r) => [r.id, { ...toCatalog(r), children: [] as DicCatalog[] }]));
  const roots: DicCatalog[] = [];
  for (const r of rows) {
    const parent = r.parent_id ? nodes.get(r.parent_id) : undefined;
    (parent ? parent.children : roots).push(nodes.get(r.id)!);
  }
  return roots;
}

export async function catalogChildren(db: Kysely<Database>, typeId: string, parentId: string | null): Promise<DicCatalog[]> {
  let q = db
    .selectFrom('sys_dic_catalog as c')
    .select(['c.id', 'c.type_id', 'c.parent_id', 'c.code', 'c.name', 'c.order_index'])
    .select((eb) =>
      eb.exists(eb.selectFrom('sys_dic_catalog as k').select('k.id').whereRef('k.parent_id', '=', 'c.id')).as('has_children'),
    )
    .where('c.type_id', '=', typeId)
    .orderBy('c.order_index')
    .orderBy('c.id');
  q = parentId === null ? q.where('c.parent_id', 'is', null) : q.where('c.parent_id', '=', parentId);
  const rows = await q.execute();
  return rows.map((r) => ({ ...toCatalog(r), hasChildren: Boolean(r.has_children) }));
}

export async function findCatalog(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('sys_dic_catalog')
    .select(['id', 'type_id', 'parent_id', 'code', 'name', 'order_index'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function codeTaken(db: Kysely<Database>, typeId: string, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('sys_dic_catalog')
    .select('id')
    .where('type_id', '=', typeId)
    .where('code', '=', code)
    .executeTakeFirst();
  return row !== undefined;
}

/** The codes of an entry and everything below it (deleting it deletes them all). */
export async function subtreeCodes(db: Kysely<Database>, id: string): Promise<string[]> {
  const { rows } = await sql<{ code: string }>`
    with recursive sub(id, code) as (
      select id, code from sys_dic_catalog where id = ${id}
      union all select c.id, c.code from sys_dic_catalog c join sub on c.parent_id = sub.id
    ) select code from sub`.execute(db);
  return rows.map((r) => r.code);
}

export async function typeCodes(db: Kysely<Database>, typeId: string): Promise<string[]> {
  const rows = await db.selectFrom('sys_dic_catalog').select('code').where('type_id', '=', typeId).execute();
  return rows.map((r) => r.code);
}
