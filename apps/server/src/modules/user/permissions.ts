import { sql, type Kysely } from 'kysely';
import { broaderScope, isDataScope, type DataScope } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { roleIdsOf, SUPER_ROLE_CODE, tenantAdminMenuIds } from './menus.ts';
import type { UserPermissions } from '../../plugins/authContext.ts';

// Defined with the request's AuthContext, below the modules; named here as before.
export { allows, type UserPermissions } from '../../plugins/authContext.ts';

const NONE: UserPermissions = { isSuper: false, codes: new Set(), scopes: new Map(), orgTree: [] };

/**
 * What a user may call. A route declares `config: { permission: 'system:user' }`; the code is
 * granted by binding a role to a menu (or button) whose `perms` lists it, so hiding a menu and
 * refusing its calls are one and the same setting.
 */
export async function loadPermissions(db: Kysely<Database>, userId: string): Promise<UserPermissions> {
  const roleIds = await roleIdsOf(db, userId);
  if (roleIds.length === 0) return NONE;
  const superRole = await db
    .selectFrom('sys_role')
    .select('id')
    .where('id', 'in', roleIds)
    .where('role_code', '=', SUPER_ROLE_CODE)
    .executeTakeFirst();
  if (superRole) return { isSuper: true, codes: new Set(), scopes: new Map(), orgTree: [] };
  const [bound, orgTree, held] = await Promise.all([
    db
      .selectFrom('sys_role_menu')
      .innerJoin('sys_menu', 'sys_menu.id', 'sys_role_menu.menu_id')
      .innerJoin('sys_role', 'sys_role.id', 'sys_role_menu.role_id')
      .select(['sys_menu.perms', 'sys_role.data_scope'])
      .where('sys_role_menu.role_id', 'in', roleIds)
      .where('sys_menu.perms', 'is not', null)
      .execute(),
    orgTreeOf(db, userId),
    tenantAdminMenuIds(db, roleIds),
  ]);
  // A tenant's 主管理员 role holds its tenant's menus' codes too (ADR 0042), reaching all its records.
  const heldRows =
    held.length === 0
      ? []
      : (await db.selectFrom('sys_menu').select('perms').where('id', 'in', held).where('perms', 'is not', null).execute()).map((m) => ({
          perms: m.perms,
          data_scope: 'all',
        }));
  const rows = [...bound, ...heldRows];
  const codes = new Set<string>();
  const scopes = new Map<string, DataScope>();
  for (const r of rows) {
    const scope: DataScope = isDataScope(r.data_scope) ? r.data_scope : 'self';
    for (const raw of (r.perms ?? '').split(',')) {
      const code = raw.trim();
      if (!code) continue;
      codes.add(code);
      const had = scopes.get(code);
      scopes.set(code, had ? broaderScope(had, scope) : scope);
    }
  }
  return { isSuper: false, codes, scopes, orgTree };
}

async function orgTreeOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  const r = await sql<{ id: string }>`
    with recursive tree as (
      select org_id as id from sys_user_org where user_id = ${userId}
      union
      select o.id from sys_org o join tree t on o.parent_id = t.id
    )
    select id from tree`.execute(db);
  return r.rows.map((x) => String(x.id));
}

