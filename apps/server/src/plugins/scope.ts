import type { AuthContext } from './authContext.ts';

/**
 * The company a caller is limited to: null for platform users (userType 0), else their company.
 * A company user without a company gets an id no row has, so they see nothing rather than
 * everything. Every module that scopes data by company uses this one rule.
 */
export function companyScopeOf(auth: AuthContext): string | null {
  if (auth.user.userType === 0) return null;
  return auth.user.companyId === null ? '-1' : String(auth.user.companyId);
}

/** For LIKE patterns built from user input: the input matches itself, never as a wildcard. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
