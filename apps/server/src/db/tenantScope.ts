import { sql, type RawBuilder, type SqlBool } from 'kysely';

/*
 * Issue 36 (DESIGN §13, ADR 0042): whose rows an administration call reaches. Every repo of
 * 系统管理 (organisations, users, roles, menus, dictionaries, the log) and the pickers' lookups
 * filter through the two conditions below, so the tenant rule lives in one place.
 *
 * - A tenant caller (a company user) reaches only rows whose company_id is its tenant, taken from
 *   its session (plugins/scope.ts tenantScopeOf), never from input.
 * - The park reaches every row by id (it manages everything); its lists show its own rows
 *   (company_id null), or one tenant's when it asks for that tenant (the 租户管理 views).
 */
export interface TenantScope {
  /** The tenant whose rows are listed: the caller's own, or the one the park picked; null: the park's. */
  tenantId: string | null;
  /** The caller is a tenant's user: it may reach nothing outside tenantId. */
  byTenant: boolean;
}

export const PARK_SCOPE: TenantScope = { tenantId: null, byTenant: false };

/** What a list shows: the scope's tenant's rows, or the park's own. */
export function listedIn(column: string, scope: TenantScope): RawBuilder<SqlBool> {
  return scope.tenantId === null ? sql<SqlBool>`${sql.ref(column)} is null` : sql<SqlBool>`${sql.ref(column)} = ${scope.tenantId}`;
}

/** What a call by id may read or change: a tenant caller its own rows, the park every row. */
export function reachableIn(column: string, scope: TenantScope): RawBuilder<SqlBool> {
  return scope.byTenant ? sql<SqlBool>`${sql.ref(column)} = ${scope.tenantId}` : sql<SqlBool>`true`;
}

/** What a list shows when the park's rows are shared read-only with tenants (dictionaries). */
export function listedWithPark(column: string, scope: TenantScope): RawBuilder<SqlBool> {
  return scope.tenantId === null
    ? sql<SqlBool>`${sql.ref(column)} is null`
    : sql<SqlBool>`(${sql.ref(column)} = ${scope.tenantId} or ${sql.ref(column)} is null)`;
}

/** The company_id a new row gets: the tenant caller's; the park's own rows carry none. */
export function ownerOf(scope: TenantScope): string | null {
  return scope.byTenant ? scope.tenantId : null;
}

/** What a call by id may read when the park's rows are shared read-only with tenants. */
export function readableWithPark(column: string, scope: TenantScope): RawBuilder<SqlBool> {
  return scope.byTenant ? listedWithPark(column, scope) : sql<SqlBool>`true`;
}
