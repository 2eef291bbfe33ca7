import { PARK_SCOPE, type TenantScope } from '../db/tenantScope.ts';
import { allows, type AuthContext } from './authContext.ts';
import { forbidden } from './errors.ts';

export { PARK_SCOPE, type TenantScope } from '../db/tenantScope.ts';

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

/**
 * The tenant scope of an administration call (ADR 0042). A tenant's user is held to its own
 * tenant whatever it sends; the park reaches a tenant's rows only when it names one and holds
 * one of `viewPermission` (the 租户管理 views' codes), and otherwise lists its own.
 */
export function tenantScopeOf(
  auth: AuthContext,
  requestedTenantId?: number | string | null,
  viewPermission?: string | readonly string[],
): TenantScope {
  if (auth.user.userType !== 0) return { tenantId: companyScopeOf(auth), byTenant: true };
  if (requestedTenantId === undefined || requestedTenantId === null || requestedTenantId === '') return PARK_SCOPE;
  const codes = typeof viewPermission === 'string' ? [viewPermission] : (viewPermission ?? []);
  if (codes.length > 0 && !codes.some((c) => allows(auth.permissions, c))) throw forbidden();
  return { tenantId: String(requestedTenantId), byTenant: false };
}

/*
 * The permission codes of the park's 租户管理 views (issue 36: TenantOrg, TenantUser, TenantRole,
 * TenantMenu, TenantDataDic; granted by their menus, seeds/tenantViews.ts). A park caller naming
 * a tenant needs one of them; the shared reads (organisations, roles) serve several views.
 */
export const TENANT_VIEW_PERM = {
  org: 'tenant:org',
  user: 'tenant:user',
  role: 'tenant:role',
  menu: 'tenant:menu',
  dic: 'tenant:dic',
} as const;

export const TENANT_VIEW_PERMS: readonly string[] = Object.values(TENANT_VIEW_PERM);
