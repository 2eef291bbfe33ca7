import type { Kysely } from 'kysely';
import type { OrgNode } from '@park/core';
import type { Database } from '../../db/schema.ts';

export async function orgTree(db: Kysely<Database>): Promise<OrgNode[]> {
  const rows = await db
    .selectFrom('sys_org')
    .select(['id', 'parent_id', 'org_name', 'org_code', 'order_index'])
    .orderBy('order_index')
    .orderBy('id')
    .execute();
  const nodes = new Map<string, OrgNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: Number(r.id),
      parentId: r.parent_id === null ? null : Number(r.parent_id),
      orgName: r.org_name,
      orgCode: r.org_code,
      orderIndex: r.order_index,
      children: [],
    });
  }
  const roots: OrgNode[] = [];
  for (const r of rows) {
    const parent = r.parent_id ? nodes.get(r.parent_id) : undefined;
    (parent ? parent.children : roots).push(nodes.get(r.id)!);
  }
  return roots;
}
