import { sql, type Kysely } from 'kysely';
import { menuFields, treeOfMenus, type AdminMenu, type MenuType, type ShowType } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import type { TenantScope } from '../../../db/tenantScope.ts';

/**
 * The menu tree of a scope: the park's own menus; for a tenant, the menus the park made
 * tenant-visible and the tenant's own (its handed-down forms'), i.e. what its roles may grant.
 */
export async function menuTree(db: Kysely<Database>, scope: TenantScope): Promise<AdminMenu[]> {
  const tenantId = scope.tenantId;
  const rows = await db
    .selectFrom('sys_menu')
    .select(['id', 'parent_id', 'name', 'path', 'component', 'icon_name', 'level', 'order_index', 'hidden', 'show_type', 'menu_type', 'perms'])
    .$if(tenantId === null, (q) => q.where('company_id', 'is', null))
    .$if(tenantId !== null, (q) => q.where((eb) => eb.or([eb('tenant_visible', '=', true), eb('company_id', '=', tenantId)])))
    .orderBy('order_index')
    .orderBy('id')
    .execute();
  return treeOfMenus<(typeof rows)[number], AdminMenu>(rows, (r) => ({
    ...menuFields(r),
    showType: r.show_type as ShowType,
    menuType: r.menu_type as MenuType,
    perms: r.perms,
  }));
}

export async function findMenu(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('sys_menu')
    .select(['id', 'parent_id', 'name', 'path', 'component', 'icon_name', 'level', 'order_index', 'hidden', 'show_type', 'menu_type', 'perms'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function childCount(db: Kysely<Database>, id: string): Promise<number> {
  const row = await db
    .selectFrom('sys_menu')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('parent_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function nextOrder(db: Kysely<Database>, parentId: string | null): Promise<number> {
  let q = db.selectFrom('sys_menu').select((eb) => eb.fn.max('order_index').as('m'));
  q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
  const row = await q.executeTakeFirst();
  return row?.m === null || row?.m === undefined ? 0 : Number(row.m) + 1;
}

export async function isSelfOrDescendant(db: Kysely<Database>, id: string, candidate: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    with recursive sub(id) as (
      select id from sys_menu where id = ${id}
      union all select m.id from sys_menu m join sub on m.parent_id = sub.id
    ) select id from sub where id = ${candidate} limit 1`.execute(db);
  return rows.length > 0;
}

/** After a move: every menu below `id` gets its level from its new depth. */
export async function relevel(db: Kysely<Database>, id: string, level: number): Promise<void> {
  await sql`
    with recursive sub(id, lvl) as (
      select id, ${level}::smallint from sys_menu where id = ${id}
      union all select m.id, (sub.lvl + 1)::smallint from sys_menu m join sub on m.parent_id = sub.id
    ) update sys_menu set level = sub.lvl from sub where sys_menu.id = sub.id`.execute(db);
}
