import { badRequest } from '../../plugins/errors.ts';

/** DESIGN.md §4: a designer-chosen identifier must match this before it reaches SQL. */
export const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;
export const SYSTEM_COLUMNS = [
  'id',
  'create_by',
  'create_time',
  'update_by',
  'update_time',
  'company_id',
  'org_id',
  'version',
] as const;
export const SUB_SYSTEM_COLUMNS = [...SYSTEM_COLUMNS, 'parent_id'] as const;
const RESERVED: ReadonlySet<string> = new Set(SUB_SYSTEM_COLUMNS);

/* PostgreSQL silently truncates longer names, which could make two tables one. */
const MAX_NAME = 63;

export function formTable(formId: string | number): string {
  return `form_${formId}`;
}

export function subTable(formId: string | number, subKey: string): string {
  assertIdentifier(subKey, '子表标识');
  const name = `form_${formId}__${subKey}`;
  if (name.length > MAX_NAME) throw badRequest(`子表标识 ${subKey} 过长`);
  return name;
}

export function assertIdentifier(name: string, what: string): void {
  if (!IDENTIFIER.test(name)) throw badRequest(`${what} ${name.slice(0, 64)} 不合法`);
}

export function isReservedColumn(name: string): boolean {
  return RESERVED.has(name);
}

/** A numeric form id from the path; anything else is a 400 before it gets near SQL. */
export function parseFormId(raw: unknown): string {
  const text = String(raw ?? '');
  if (!/^[1-9]\d{0,15}$/.test(text)) throw badRequest('表单ID不合法');
  return text;
}
