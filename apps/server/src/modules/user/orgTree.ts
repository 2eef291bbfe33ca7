import type { Kysely } from 'kysely';
import type { OrgNode } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { listedIn, type TenantScope } from '../../db/tenantScope.ts';

/** The organisation tree a caller sees: its tenant's, or the park's own (ADR 0042). */
export async function orgTree(db: Kysely<Database>, scope: TenantScope): Promise<OrgNode[]> {
  const rows = await db
    .selectFrom('sys_org')
    .leftJoin('sys_user', 'sys_user.id', 'sys_org.leader_id')
    .select(['sys_org.id', 'sys_org.parent_id', 'sys_org.org_name', 'sys_org.org_code', 'sys_org.order_index', 'sys_org.leader_id', 'sys_user.real_name as leader_name'])
    .where(listedIn('sys_org.company_id', scope))
    .orderBy('sys_org.order_index')
    .orderBy('sys_org.id')
    .execute();
  const nodes = new Map<string, OrgNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: Number(r.id),
      parentId: r.parent_id === null ? null : Number(r.parent_id),
      orgName: r.org_name,
      orgCode: r.org_code,
      orderIndex: r.order_index,
      leaderId: r.leader_id === null ? null : Number(r.leader_id),
      leaderName: r.leader_name,
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
