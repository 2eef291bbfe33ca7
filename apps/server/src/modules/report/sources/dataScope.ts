import { sql, type Expression, type SqlBool } from 'kysely';
import { broaderScope, formPermission, type DataScope } from '@park/core';
import type { AuthContext } from '../../auth/index.ts';
import { type FormModel, companyOnlyScope, scopeKey, type RecordScope } from '../../form/worker.ts';

/**
 * The records a data scope reaches (全部 / 本组织及下级 / 仅本人), within the caller's company: the
 * same RecordScope recordAccess builds for a form action.
 */
export function grantRecordScope(auth: AuthContext, grant: DataScope): RecordScope {
  const base = companyOnlyScope(auth);
  if (grant === 'org') return { ...base, orgIds: auth.permissions.orgTree };
  if (grant === 'self') return { ...base, ownerId: auth.userId };
  return base;
}

/**
 * The form rows a report may show a caller (issue 21, ADR 0006's data scopes): the broader of the
 * scope the report was granted with (`grant`, the data scope of the roles that gave it) and the
 * caller's own scope for viewing the form's list. Company users always stay in their company.
 * Applied to the main table (a sub-table's rows follow their parent).
 */
export function formDataScope(auth: AuthContext, model: FormModel, mainAlias: string, grant: DataScope): { where: Expression<SqlBool> | null; key: string } {
  const scope = reportRecordScope(auth, model.formId, grant);
  return { where: scopeOn(mainAlias, scope), key: scopeKey(scope) };
}

/** The records of form `formId` a report shows this caller (see formDataScope). */
export function reportRecordScope(auth: AuthContext, formId: string, grant: DataScope): RecordScope {
  const p = auth.permissions;
  const view = p.isSuper ? 'all' : p.scopes.get(formPermission(formId, 'view'));
  return grantRecordScope(auth, view ? broaderScope(view, grant) : grant);
}

/**
 * recordAccess's scopeCondition over an aliased table: a report joins a sub-table, so the system
 * columns must be qualified. Values are parameters.
 */
function scopeOn(alias: string, scope: RecordScope): Expression<SqlBool> | null {
  const parts: Expression<SqlBool>[] = [];
  if (scope.companyId !== null) parts.push(sql<SqlBool>`${sql.ref(`${alias}.company_id`)} = ${scope.companyId}`);
  if (scope.orgIds !== null) parts.push(sql<SqlBool>`${sql.ref(`${alias}.org_id`)} = any(${[...scope.orgIds]}::bigint[])`);
  if (scope.ownerId !== null) parts.push(sql<SqlBool>`${sql.ref(`${alias}.create_by`)} = ${scope.ownerId}`);
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}
