import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { FORBIDDEN_TEXT, FORM_ACTIONS, formPermission, parseFormPermission, type FormAction } from '@park/core';
import { authOf } from '../../plugins/auth.ts';
import { forbidden } from '../../plugins/errors.ts';
import { companyScopeOf } from '../../plugins/scope.ts';
import type { AuthContext } from '../auth/index.ts';

/**
 * Which records of a form a call may touch (issue 15, ADR 0006). Checked in the HTTP layer, not in
 * the row writer, so approvals and automations (system actions) write without a user's permission.
 */
export interface RecordScope {
  /** Company users reach only their company's records (null: any company). */
  companyId: string | null;
  /** The 'org' data scope: records created in one of these organisations (null: any). */
  orgIds: readonly string[] | null;
  /** The 'self' data scope: records this user created (null: anyone's). */
  ownerId: string | null;
}

/** System actions (approvals, automations): every record, whoever and whichever company wrote it. */
export const ALL_RECORDS: RecordScope = Object.freeze({ companyId: null, orgIds: null, ownerId: null });

/** What design-time tools and pickers filling a form get: the company rule only, as before issue 15. */
export function companyOnlyScope(auth: AuthContext): RecordScope {
  return { companyId: companyScopeOf(auth), orgIds: null, ownerId: null };
}

/**
 * The records `action` on form `formId` reaches for this caller, or null when the caller may not
 * take the action at all. Administrators reach everything their company rule allows.
 */
export function recordScopeFor(auth: AuthContext, formId: string, action: FormAction): RecordScope | null {
  const p = auth.permissions;
  if (p.isSuper) return companyOnlyScope(auth);
  const scope = p.scopes.get(formPermission(formId, action));
  if (!scope) return null;
  const base = companyOnlyScope(auth);
  if (scope === 'org') return { ...base, orgIds: p.orgTree };
  if (scope === 'self') return { ...base, ownerId: auth.userId };
  return base;
}

/** The check every record call makes first: 403 您无权执行此操作 (and its operation-log row) otherwise. */
export function requireFormAction(request: FastifyRequest, formId: string, action: FormAction): RecordScope {
  const scope = recordScopeFor(authOf(request), formId, action);
  if (!scope) throw forbidden(FORBIDDEN_TEXT);
  return scope;
}

/** The forms on which the caller's roles grant `action` (a super user's are not listed: they reach all). */
export function formsWithAction(auth: AuthContext, action: FormAction): string[] {
  return [...auth.permissions.scopes.keys()].flatMap((code) => {
    const p = parseFormPermission(code);
    return p && p.action === action ? [p.formId] : [];
  });
}

/** The actions the caller may take on a form, for the list page's buttons. */
export function formActionsOf(auth: AuthContext, formId: string): FormAction[] {
  return FORM_ACTIONS.filter((a) => recordScopeFor(auth, formId, a) !== null);
}

/** Narrows a scope to the caller's own records (sub-table rows of a record they are still adding). */
export function ownRecords(scope: RecordScope, auth: AuthContext): RecordScope {
  return { ...scope, ownerId: auth.userId };
}

export function isUnscoped(scope: RecordScope): boolean {
  return scope.companyId === null && scope.orgIds === null && scope.ownerId === null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- applied to runtime form tables
type AnyEb = ExpressionBuilder<any, any>;

/** The scope as a WHERE expression over a form table's system columns; values are parameters. */
export function scopeCondition(eb: AnyEb, scope: RecordScope): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (scope.companyId !== null) parts.push(eb(eb.ref('company_id'), '=', scope.companyId));
  if (scope.orgIds !== null) parts.push(sql<SqlBool>`${eb.ref('org_id')} = any(${[...scope.orgIds]}::bigint[])`);
  if (scope.ownerId !== null) parts.push(eb(eb.ref('create_by'), '=', scope.ownerId));
  return eb.and(parts);
}

/**
 * The same scope as SQL text for a prepared statement, its parameters numbered from `first`:
 * used by ReadBatcher, whose statements are shared by calls with the same scope key.
 */
export function scopeSql(scope: RecordScope, first: number): { text: string; params: unknown[] } {
  // No named closure here: this runs for every batch of reads by id, and under tsx (how the server
  // runs) each named closure created costs a defineProperty of its name, 0.3–0.7 µs (ADR 0066).
  let text = '';
  const params: unknown[] = [];
  if (scope.companyId !== null) {
    text += ` and company_id = $${first + params.length}::bigint`;
    params.push(scope.companyId);
  }
  if (scope.orgIds !== null) {
    text += ` and org_id = any($${first + params.length}::bigint[])`;
    params.push([...scope.orgIds]);
  }
  if (scope.ownerId !== null) {
    text += ` and create_by = $${first + params.length}::bigint`;
    params.push(scope.ownerId);
  }
  return { text, params };
}

/** Calls with equal keys may share one statement. */
export function scopeKey(scope: RecordScope): string {
  return `${scope.companyId ?? ''}|${scope.orgIds?.join(',') ?? '*'}|${scope.ownerId ?? ''}`;
}

/**
 * Reads of a form through a picker held by another form (data_select's source, the form-data
 * chooser, data references): the source form's view and its scope, or, for a caller who may fill
 * the holding form (add or edit) but not view the source, the company rule alone: choosing a value
 * is part of filling the form its designer built (ADR 0006).
 */
export function pickerScope(request: FastifyRequest, sourceFormId: string, holderFormId: string): RecordScope {
  const auth = authOf(request);
  const view = recordScopeFor(auth, sourceFormId, 'view');
  if (view) return view;
  if (recordScopeFor(auth, holderFormId, 'add') || recordScopeFor(auth, holderFormId, 'edit')) return companyOnlyScope(auth);
  throw forbidden(FORBIDDEN_TEXT);
}
