import type { Kysely } from 'kysely';
import { SPECIAL_FUNCTION_TYPE, SPECIAL_PAGES, SPECIAL_SERVICES_MENU, type SpecialPage } from '@park/core';
import type { Database } from '../db/schema.ts';

/*
 * 专项服务 (screens-round3 §5.5, issue 40): every registered special page (core SPECIAL_PAGES) gets a
 * menu under the 专项服务 group, granting its permission to the park administrator, and a micro-app
 * function of type 2, so a micro-app can hold it. Run on every start, not once: the registry grows
 * with later releases, and each run only adds what is missing (a renamed or regranted menu stays as
 * the administrator left it). No page, no group: an empty menu group is not seeded.
 */

const PARK_ADMIN_ROLE = 'park_admin';

async function topMenu(db: Kysely<Database>): Promise<{ id: string; level: number }> {
  const found = await db.selectFrom('sys_menu').select(['id', 'level']).where('parent_id', 'is', null).where('path', '=', SPECIAL_SERVICES_MENU.path).executeTakeFirst();
  if (found) return found;
  const last = await db.selectFrom('sys_menu').select((eb) => eb.fn.max('order_index').as('m')).where('parent_id', 'is', null).executeTakeFirst();
  const made = await db
    .insertInto('sys_menu')
    .values({ parent_id: null, name: SPECIAL_SERVICES_MENU.name, path: SPECIAL_SERVICES_MENU.path, icon_name: SPECIAL_SERVICES_MENU.iconName, component: null, level: 1, order_index: last?.m == null ? 0 : Number(last.m) + 1, perms: null })
    .returning(['id', 'level'])
    .executeTakeFirstOrThrow();
  await grantParkAdmin(db, made.id);
  return made;
}

async function grantParkAdmin(db: Kysely<Database>, menuId: string): Promise<void> {
  const role = await db.selectFrom('sys_role').select('id').where('role_code', '=', PARK_ADMIN_ROLE).where('company_id', 'is', null).executeTakeFirst();
  if (role) await db.insertInto('sys_role_menu').values({ role_id: role.id, menu_id: menuId }).onConflict((oc) => oc.doNothing()).execute();
}

async function pageMenu(db: Kysely<Database>, group: { id: string; level: number }, component: string, page: SpecialPage, order: number): Promise<void> {
  const found = await db.selectFrom('sys_menu').select('id').where('parent_id', '=', group.id).where('component', '=', component).executeTakeFirst();
  if (found) return;
  const made = await db
    .insertInto('sys_menu')
    .values({ parent_id: group.id, name: page.name, path: page.path, component, icon_name: page.iconName ?? null, level: group.level + 1, order_index: order, perms: page.perms })
    .returning('id')
    .executeTakeFirstOrThrow();
  await grantParkAdmin(db, made.id);
}

async function pageFunction(db: Kysely<Database>, component: string, page: SpecialPage): Promise<void> {
  const found = await db.selectFrom('micro_function').select('id').where('type', '=', SPECIAL_FUNCTION_TYPE).where('component', '=', component).executeTakeFirst();
  if (found) return;
  await db
    .insertInto('micro_function')
    .values({ fun_name: page.name, type: SPECIAL_FUNCTION_TYPE, show_type: page.showType ?? 0, form_id: null, menu_url: page.path, component, tag: null, explanation: null, icon_id: null, create_by: null })
    .execute();
}

/** Adds what the registry has and the database lacks; `pages` is the registry (a test passes its own). */
export async function syncSpecialPages(db: Kysely<Database>, pages: Readonly<Record<string, SpecialPage>> = SPECIAL_PAGES): Promise<void> {
  const entries = Object.entries(pages);
  if (entries.length === 0) return;
  const group = await topMenu(db);
  let order = 0;
  for (const [component, page] of entries) {
    await pageMenu(db, group, component, page, order++);
    await pageFunction(db, component, page);
  }
}
