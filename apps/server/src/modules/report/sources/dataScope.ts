import { sql, type Expression, type SqlBool } from 'kysely';
import { companyScopeOf } from '../../../plugins/scope.ts';
import type { AuthContext } from '../../auth/sessions.ts';
import type { FormModel } from '../../form/formModel.ts';

/**
 * The form rows a report may show a caller: the same company scope as the list pages, and the hook
 * where the role data scopes of issue 15 join in (`roleDataScopeForReports`).
 */
export function formDataScope(auth: AuthContext, model: FormModel, mainAlias: string): { where: Expression<SqlBool> | null; key: string } {
  const company = companyScopeOf(auth);
  const parts: Expression<SqlBool>[] = [];
  if (company !== null) parts.push(sql<SqlBool>`${sql.ref(`${mainAlias}.company_id`)} = ${company}`);
  const role = roleDataScopeForReports(auth, model, mainAlias);
  if (role) parts.push(role.where);
  const where = parts.length === 0 ? null : parts.length === 1 ? parts[0]! : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
  return { where, key: `c:${company ?? '*'}|r:${role?.key ?? '*'}` };
}

/**
 * HOOK for issue 15 (role data scopes of form records): return the condition a role limits this
 * form's rows to, and a key naming it for the result cache. Until those scopes exist, roles add no
 * limit beyond the company scope.
 */
export function roleDataScopeForReports(
  _auth: AuthContext,
  _model: FormModel,
  _mainAlias: string,
): { where: Expression<SqlBool>; key: string } | null {
  return null;
}
