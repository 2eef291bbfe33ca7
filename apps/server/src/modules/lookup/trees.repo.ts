import { sql, type Kysely } from 'kysely';
import type { CodeTreeNode } from '@park/core';
import type { Database } from '../../db/schema.ts';

/** One level of the region and dictionary trees, by parent code (null: the top level). */

export async function regionChildren(db: Kysely<Database>, parentCode: string | null): Promise<CodeTreeNode[]> {
  let q = db
    .selectFrom('sys_region as r')
    .select(['r.code', 'r.name', 'r.level'])
    .select((eb) => eb.exists(eb.selectFrom('sys_region as c').select('c.code').whereRef('c.parent_code', '=', 'r.code')).as('has_children'))
    .orderBy('r.code');
  q = parentCode === null ? q.where('r.parent_code', 'is', null) : q.where('r.parent_code', '=', parentCode);
  const rows = await q.execute();
  return rows.map((r) => ({ code: r.code, name: r.name, level: r.level, isLeaf: !r.has_children }));
}

/** Children of a dictionary entry found by code (null: the top level), in the dictionary's order. */
export async function dicChildrenByCode(db: Kysely<Database>, typeCode: string, parentCode: string | null): Promise<CodeTreeNode[]> {
  const rows = await sql<{ code: string; name: string; has_children: boolean }>`
    select c.code, c.name,
           exists (select 1 from sys_dic_catalog k where k.parent_id = c.id) as has_children
    from sys_dic_catalog c
    join sys_dic_type t on t.id = c.type_id and t.type_code = ${typeCode}
    where ${
      parentCode === null
        ? sql`c.parent_id is null`
        : sql`c.parent_id = (select p.id from sys_dic_catalog p where p.type_id = t.id and p.code = ${parentCode})`
    }
    order by c.order_index, c.id`.execute(db);
  return rows.rows.map((r) => ({ code: r.code, name: r.name, isLeaf: !r.has_children }));
}
