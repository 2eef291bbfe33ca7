import type { MenuNode } from '../api/types.ts';

/** A `sys_menu` row's common columns as the database gives them (ids are bigint text). */
export interface MenuRow {
  id: string;
  parent_id: string | null;
  name: string;
  path: string;
  component: string | null;
  icon_name: string | null;
  level: number;
  order_index: number;
  hidden: boolean;
}

/** A menu row's fields as the API names them (the user's menu tree; the admin tree adds its own). */
export function menuFields(r: MenuRow): Omit<MenuNode, 'children'> {
  return {
    id: Number(r.id),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    name: r.name,
    path: r.path,
    component: r.component,
    iconName: r.icon_name,
    level: r.level,
    orderIndex: r.order_index,
    hidden: r.hidden,
  };
}

/**
 * Rows in display order → a tree in the same order: each row under its parent, or at the root
 * when its parent is not among the rows (left out for the user, or none).
 */
export function treeOfMenus<R extends MenuRow, N extends { children: N[] }>(rows: readonly R[], node: (r: R) => Omit<N, 'children'>): N[] {
  const nodes = new Map<string, N>();
  for (const r of rows) nodes.set(r.id, { ...node(r), children: [] } as unknown as N);
  const roots: N[] = [];
  for (const r of rows) {
    const parent = r.parent_id ? nodes.get(r.parent_id) : undefined;
    (parent ? parent.children : roots).push(nodes.get(r.id)!);
  }
  return roots;
}
