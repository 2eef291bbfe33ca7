import { sql, type Kysely } from 'kysely';
import type { OrgListItem, OrgUserNode } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { listedIn, type TenantScope } from '../../db/tenantScope.ts';

/** Child organisations of one (null: the top level) of the scope's owner, each saying whether it has children. */
export async function orgChildren(db: Kysely<Database>, parentId: string | null, scope: TenantScope): Promise<OrgListItem[]> {
  let q = db
    .selectFrom('sys_org as o')
    .select(['o.id', 'o.parent_id', 'o.org_name', 'o.org_code', 'o.order_index'])
    .select((eb) => eb.exists(eb.selectFrom('sys_org as c').select('c.id').whereRef('c.parent_id', '=', 'o.id')).as('has_children'))
    .where(listedIn('o.company_id', scope))
    .orderBy('o.order_index')
    .orderBy('o.id');
  q = parentId === null ? q.where('o.parent_id', 'is', null) : q.where('o.parent_id', '=', parentId);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: Number(r.id),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    orgName: r.org_name,
    orgCode: r.org_code,
    orderIndex: r.order_index,
    isLeaf: !r.has_children,
  }));
}

function membersQuery(db: Kysely<Database>, companyId: string | null) {
  let q = db
    .selectFrom('sys_user_org as uo')
    .innerJoin('sys_user as u', 'u.id', 'uo.user_id')
    .select(['uo.org_id', 'u.id', 'u.username', 'u.real_name'])
    .where('u.status', '=', 0)
    .orderBy('u.id');
  if (companyId !== null) q = q.where('u.company_id', '=', companyId);
  return q;
}

const userNode = (u: { id: string; username: string; real_name: string }): OrgUserNode => ({
  key: `user-${u.id}`,
  id: Number(u.id),
  name: u.real_name,
  username: u.username,
  type: 'user',
  isLeaf: true,
});

/**
 * One level of the organisation-and-user tree: the child organisations of `parentId` (null: the
 * top level), then the enabled users directly in it.
 */
export async function orgUserLevel(db: Kysely<Database>, parentId: string | null, scope: TenantScope): Promise<OrgUserNode[]> {
  const companyId = scope.tenantId;
  const orgs = await orgChildren(db, parentId, scope);
  const memberCounts = new Map<number, number>();
  if (orgs.length > 0) {
    const ids = orgs.map((o) => String(o.id));
    let q = db
      .selectFrom('sys_user_org as uo')
      .innerJoin('sys_user as u', 'u.id', 'uo.user_id')
      .select(['uo.org_id', sql<string>`count(*)`.as('n')])
      .where('uo.org_id', 'in', ids)
      .where('u.status', '=', 0)
      .groupBy('uo.org_id');
    if (companyId !== null) q = q.where('u.company_id', '=', companyId);
    for (const r of await q.execute()) memberCounts.set(Number(r.org_id), Number(r.n));
  }
  const nodes: OrgUserNode[] = orgs.map((o) => ({
    key: `org-${o.id}`,
    id: o.id,
    name: o.orgName,
    type: 'org',
    isLeaf: o.isLeaf && !memberCounts.get(o.id),
  }));
  if (parentId !== null) {
    const users = await membersQuery(db, companyId).where('uo.org_id', '=', parentId).execute();
    nodes.push(...users.map(userNode));
  }
  return nodes;
}

/** The whole tree: organisations in order, each holding its child organisations and then its enabled users. */
export async function orgUserTree(db: Kysely<Database>, scope: TenantScope): Promise<OrgUserNode[]> {
  const companyId = scope.tenantId;
  const [orgs, members] = await Promise.all([
    db.selectFrom('sys_org').select(['id', 'parent_id', 'org_name']).where(listedIn('company_id', scope)).orderBy('order_index').orderBy('id').execute(),
    membersQuery(db, companyId).execute(),
  ]);
  const nodes = new Map<string, OrgUserNode & { children: OrgUserNode[] }>();
  for (const o of orgs) {
    nodes.set(o.id, { key: `org-${o.id}`, id: Number(o.id), name: o.org_name, type: 'org', isLeaf: true, children: [] });
  }
  const roots: OrgUserNode[] = [];
  for (const o of orgs) {
    const parent = o.parent_id ? nodes.get(o.parent_id) : undefined;
    (parent ? parent.children : roots).push(nodes.get(o.id)!);
  }
  for (const m of members) nodes.get(m.org_id)?.children.push(userNode(m));
  for (const n of nodes.values()) n.isLeaf = n.children.length === 0;
  return roots;
}
