import type { Kysely } from 'kysely';
import { menuFields, treeOfMenus, type MenuNode, type MenuRow } from '@park/core';
import type { Database } from '../../db/schema.ts';

/** The role code whose holders see every menu, including ones added after their role was set up. */
export const SUPER_ROLE_CODE = 'sys_admin';

/** Role ids of a user: given directly, or through any of the user's organisations. */
export async function roleIdsOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sys_user_role')
    .select('role_id')
    .where('user_id', '=', userId)
    .union(
      db
        .selectFrom('sys_org_role')
        .innerJoin('sys_user_org', 'sys_user_org.org_id', 'sys_org_role.org_id')
        .select('sys_org_role.role_id')
        .where('sys_user_org.user_id', '=', userId),
    )
    .execute();
  return rows.map((r) => r.role_id);
}

/** The role code of a tenant's 主管理员 role (ADR 0034). */
import { TENANT_ADMIN_ROLE_CODE } from '@park/core';
export { TENANT_ADMIN_ROLE_CODE };

/**
 * Menus a tenant's 主管理员 role holds whatever was bound to it (ADR 0042): every menu the park
 * made tenant-visible and the tenant's own (its handed-down forms'), so the 主管理员 always runs
 * its tenant's 系统管理, as the super role always sees everything.
 */
export async function tenantAdminMenuIds(db: Kysely<Database>, roleIds: string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('sys_menu as m')
    .innerJoin('sys_role as r', (join) => join.on('r.role_code', '=', TENANT_ADMIN_ROLE_CODE).on('r.company_id', 'is not', null))
    .select('m.id')
    .distinct()
    .where('r.id', 'in', roleIds)
    .where((eb) => eb.or([eb('m.tenant_visible', '=', true), eb('m.company_id', '=', eb.ref('r.company_id'))]))
    .execute();
  return rows.map((r) => r.id);
}

/** `client` 1 (PC) or 2 (app) leaves out menus whose show type is only the other one. */
export async function menuTreeFor(db: Kysely<Database>, userId: string, client?: number): Promise<MenuNode[]> {
  const roleIds = await roleIdsOf(db, userId);
  if (roleIds.length === 0) return [];
  let menus = db
    .selectFrom('sys_menu')
    .select(['id', 'parent_id', 'name', 'path', 'component', 'icon_name', 'level', 'order_index', 'hidden', 'company_id'])
    .where('menu_type', '=', 'menu')
    .orderBy('order_index')
    .orderBy('id');
  if (client === 1 || client === 2) menus = menus.where('show_type', 'in', [0, client]);
  const all: ScopedMenuRow[] = await menus.execute();
  const isSuper = await db
    .selectFrom('sys_role')
    .select('id')
    .where('id', 'in', roleIds)
    .where('role_code', '=', SUPER_ROLE_CODE)
    .executeTakeFirst();
  let allowed: Set<string>;
  if (isSuper) {
    allowed = new Set(all.map((m) => m.id));
  } else {
    const granted = await db
      .selectFrom('sys_role_menu')
      .select('menu_id')
      .where('role_id', 'in', roleIds)
      .execute();
    const held = await tenantAdminMenuIds(db, roleIds);
    allowed = withAncestors(new Set([...granted.map((g) => g.menu_id), ...held]), all);
  }
  return treeOfMenus<MenuRow, MenuNode>(oneGroupPerPath(all.filter((m) => allowed.has(m.id))), menuFields);
}

type ScopedMenuRow = MenuRow & { company_id: string | null };

/**
 * 表单分配 files a handed-down form under the tenant's own copy of the park's group (业务表单, same
 * path; ADR 0037), and a tenant's people may also hold the park's group and the park's menu of the
 * same form (forms open to every company). The bar shows each once: the copy of a top group is
 * folded into the park's group of that path, and a park menu whose path the tenant has its own copy
 * of gives way to the copy (the tenant's design and grants).
 */
function oneGroupPerPath(rows: ScopedMenuRow[]): ScopedMenuRow[] {
  const park = new Map(rows.filter((m) => m.company_id === null && m.path).map((m) => [m.path, m]));
  const into = new Map<string, string>();
  const replaced = new Set<string>();
  for (const m of rows) {
    const twin = m.company_id !== null && m.path ? park.get(m.path) : undefined;
    if (!twin) continue;
    if (m.parent_id === null && twin.parent_id === null) into.set(m.id, twin.id);
    else replaced.add(twin.id);
  }
  if (into.size === 0 && replaced.size === 0) return rows;
  return rows
    .filter((m) => !into.has(m.id) && !replaced.has(m.id))
    .map((m) => (m.parent_id && into.has(m.parent_id) ? { ...m, parent_id: into.get(m.parent_id)! } : m));
}

/** A granted child is unreachable without its parents, so the parents come along. */
function withAncestors(ids: Set<string>, all: MenuRow[]): Set<string> {
  const byId = new Map(all.map((m) => [m.id, m]));
  const out = new Set<string>();
  for (const id of ids) {
    let cur = byId.get(id);
    while (cur && !out.has(cur.id)) {
      out.add(cur.id);
      cur = cur.parent_id ? byId.get(cur.parent_id) : undefined;
    }
  }
  return out;
}
