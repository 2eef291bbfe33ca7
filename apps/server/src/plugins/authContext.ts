import type { CurrentUser, DataScope } from '@park/core';

/*
 * Who is calling: what plugins/auth.ts puts on every request. Defined here, below the modules,
 * because the auth guard (a plugin) checks it; modules/auth/sessions.ts builds it and
 * modules/user/permissions.ts loads the permissions (issue 17: plugins no longer import modules).
 */

export interface UserPermissions {
  /** Holders of the super role pass every check, including permissions added later. */
  isSuper: boolean;
  /** Permission codes from the `perms` of every menu and button bound to the user's roles. */
  codes: ReadonlySet<string>;
  /**
   * For each code, the broadest data scope among the roles granting it (issue 15): a form action
   * granted by an 'all' role and by a 'self' role reaches all records.
   */
  scopes: ReadonlyMap<string, DataScope>;
  /** The user's organisations and every organisation below them: the 'org' data scope. */
  orgTree: readonly string[];
}

export interface AuthContext {
  sessionId: string;
  userId: string;
  user: CurrentUser;
  enableCompanyPermission: boolean;
  permissions: UserPermissions;
  /** The password is one the platform generated: only the password change is answered (issue 42). */
  mustChangePassword: boolean;
}

export function allows(p: UserPermissions, code: string): boolean {
  return p.isSuper || p.codes.has(code);
}

/** A user of the park itself (not of a tenant): the only writer of the park's shared rows. */
export const isParkUser = (auth: AuthContext): boolean => auth.user.userType === 0;
