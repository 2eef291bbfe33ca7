import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { roleIdsOf, SUPER_ROLE_CODE } from './menus.ts';

export interface UserPermissions {
  /** Holders of the super role pass every check, including permissions added later. */
  isSuper: boolean;
  /** Permission codes from the `perms` of every menu and button bound to the user's roles. */
  codes: ReadonlySet<string>;
}

/**
 * What a user may call. A route declares `config: { permission: 'system:user' }`; the code is
 * granted by binding a role to a menu (or button) whose `perms` lists it, so hiding a menu and
 * refusing its calls are one and the same setting.
 */
export async function loadPermissions(db: Kysely<Database>, userId: string): Promise<UserPermissions> {
  const roleIds = await roleIdsOf(db, userId);
  if (roleIds.length === 0) return { isSuper: false, codes: new Set() };
  const superRole = await db
    .selectFrom('sys_role')
    .select('id')
    .where('id', 'in', roleIds)
    .where('role_code', '=', SUPER_ROLE_CODE)
    .executeTakeFirst();
  if (superRole) return { isSuper: true, codes: new Set() };
  const rows = await db
    .selectFrom('sys_role_menu')
    .innerJoin('sys_menu', 'sys_menu.id', 'sys_role_menu.menu_id')
    .select('sys_menu.perms')
    .where('sys_role_menu.role_id', 'in', roleIds)
    .where('sys_menu.perms', 'is not', null)
    .execute();
  const codes = new Set<string>();
  for (const r of rows) for (const code of (r.perms ?? '').split(',')) if (code.trim()) codes.add(code.trim());
  return { isSuper: false, codes };
}

export function allows(p: UserPermissions, code: string): boolean {
  return p.isSuper || p.codes.has(code);
}
