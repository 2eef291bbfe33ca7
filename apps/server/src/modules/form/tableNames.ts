import { IDENTIFIER } from '@park/core';
import { badRequest } from '../../plugins/errors.ts';

/* PostgreSQL silently truncates longer names, which could make two tables one. */
const MAX_NAME = 63;

export function formTable(formId: string | number): string {
  return `form_${formId}`;
}

/** The form a table of formTable/subTable belongs to. */
export function formIdOfTable(table: string): string {
  const m = /^form_(\d+)(?:__|$)/.exec(table);
  if (!m) throw new Error(`不是表单数据表：${table}`);
  return m[1]!;
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

/** A numeric form id from the path; anything else is a 400 before it gets near SQL. */
export function parseFormId(raw: unknown): string {
  const text = String(raw ?? '');
  if (!/^[1-9]\d{0,15}$/.test(text)) throw badRequest('表单ID不合法');
  return text;
}
