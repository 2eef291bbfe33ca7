import {
  isMatchType,
  MATCH_TYPES_BY_KIND,
  RELATIVE_DATE,
  VALUELESS,
  type FieldKind,
  type MatchType,
} from './matchTypes.ts';

/** A checked condition: keys known, match types allowed for the field, values typed and bounded. */
export type Condition =
  | { kind: 'leaf'; key: string; fieldKind: FieldKind; op: MatchType; values: Array<string | number | null> }
  | { kind: 'group'; relation: 'and' | 'or'; children: Condition[] };

export interface ConditionField {
  kind: FieldKind;
  /** Shown in messages. */
  label?: string;
}

export const CONDITION_LIMITS = {
  /** `$all` and `$eq` lists; a 10,000-element list is refused rather than sent to the database. */
  maxListValues: 1000,
  maxValueLength: 500,
  maxConditions: 200,
  maxDepth: 5,
  maxRelativeCount: 3660,
} as const;

export class ConditionError extends Error {
  override name = 'ConditionError';
}

const DATE_TEXT = /^\d{4}(-\d{2}(-\d{2}( \d{2}:\d{2}(:\d{2})?)?)?)?$/;

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

function scalar(v: unknown, field: ConditionField, key: string): string | number {
  if (typeof v !== 'string' && typeof v !== 'number') throw new ConditionError(`查询条件 ${key} 的值不合法`);
  const text = String(v).trim();
  if (text.length > CONDITION_LIMITS.maxValueLength) throw new ConditionError(`查询条件 ${key} 的值过长`);
  if (field.kind === 'number') {
    const n = Number(text);
    if (text === '' || !Number.isFinite(n)) throw new ConditionError(`查询条件 ${key} 的值不是有效的数字`);
    return n;
  }
  if (field.kind === 'date' && !DATE_TEXT.test(text)) throw new ConditionError(`查询条件 ${key} 的日期格式不正确`);
  return text;
}

function listOf(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (typeof v === 'string') return v.split(',').map((s) => s.trim()).filter((s) => s !== '');
  return [v];
}

interface Walk {
  fields: ReadonlyMap<string, ConditionField>;
  count: number;
}

/**
 * Checks and normalises conditions from the wire. Accepted shapes:
 * list filters `[{key, type, value, bvalue, evalue}]` (all must hold), and report/flow conditions
 * `{condType: 'single', key|model, matchType, value}` / `{condType: 'multi', relation, conds}`.
 * An unknown key or match type throws; a condition whose value is empty is dropped, as the client
 * builds a condition only when its value is not empty.
 */
export function parseConditions(input: unknown, fields: ReadonlyMap<string, ConditionField>): Condition | null {
  const walk: Walk = { fields, count: 0 };
  if (input === undefined || input === null || input === '') return null;
  if (Array.isArray(input)) return group('and', input, walk, 1);
  return node(input, walk, 1);
}

function group(relation: 'and' | 'or', items: unknown[], walk: Walk, depth: number): Condition | null {
  if (depth > CONDITION_LIMITS.maxDepth) throw new ConditionError('查询条件嵌套过深');
  const children = items.map((c) => node(c, walk, depth + 1)).filter((c): c is Condition => c !== null);
  if (children.length === 0) return null;
  if (children.length === 1) return children[0]!;
  return { kind: 'group', relation, children };
}

function node(raw: unknown, walk: Walk, depth: number): Condition | null {
  if (typeof raw !== 'object' || raw === null) throw new ConditionError('查询条件格式不正确');
  const c = raw as Record<string, unknown>;
  if (c.condType === 'multi' || Array.isArray(c.conds)) {
    const relation = c.relation === 'or' || c.condType === 'or' ? 'or' : c.relation === undefined || c.relation === 'and' ? 'and' : null;
    if (!relation) throw new ConditionError('查询条件的关系只能是 and 或 or');
    if (!Array.isArray(c.conds)) throw new ConditionError('查询条件格式不正确');
    return group(relation, c.conds, walk, depth);
  }
  if (++walk.count > CONDITION_LIMITS.maxConditions) throw new ConditionError('查询条件过多');
  const key = c.key ?? c.model;
  if (typeof key !== 'string' || key === '') throw new ConditionError('查询条件缺少字段');
  const field = walk.fields.get(key);
  if (!field) throw new ConditionError(`查询条件字段不存在: ${key.slice(0, 64)}`);
  const op = c.type ?? c.matchType ?? c.opt ?? '$eq';
  if (!isMatchType(op)) throw new ConditionError(`不支持的匹配类型: ${String(op).slice(0, 32)}`);
  if (!MATCH_TYPES_BY_KIND[field.kind].has(op)) {
    throw new ConditionError(`字段 ${field.label ?? key} 不支持匹配类型 ${op}`);
  }
  return leaf(key, field, op, c);
}

function leaf(key: string, field: ConditionField, op: MatchType, c: Record<string, unknown>): Condition | null {
  const base = { kind: 'leaf' as const, key, fieldKind: field.kind, op };
  if (VALUELESS.has(op)) return { ...base, values: [] };
  if (op === '$in') {
    // A range: either end may be open, but not both.
    const b = isEmpty(c.bvalue) ? null : scalar(c.bvalue, field, key);
    const e = isEmpty(c.evalue) ? null : scalar(c.evalue, field, key);
    // A range sent in `value` is a malformed condition: dropping it would answer every row.
    if (!isEmpty(c.value)) throw new ConditionError(`查询条件 ${key} 的范围应以 bvalue 和 evalue 给出`);
    if (b === null && e === null) return null;
    return { ...base, values: [b, e] };
  }
  if (isEmpty(c.value)) return null;
  if (RELATIVE_DATE.has(op)) {
    const n = Number(c.value);
    if (!Number.isInteger(n) || Math.abs(n) > CONDITION_LIMITS.maxRelativeCount) {
      throw new ConditionError(`查询条件 ${key} 的天数不合法`);
    }
    return { ...base, values: [n] };
  }
  if (op === '$all') {
    const list = listOf(c.value);
    if (list.length > CONDITION_LIMITS.maxListValues) {
      throw new ConditionError(`查询条件 ${key} 的取值过多（最多 ${CONDITION_LIMITS.maxListValues} 个）`);
    }
    return { ...base, values: list.map((v) => String(scalar(v, { kind: 'string' }, key))) };
  }
  if (Array.isArray(c.value)) throw new ConditionError(`查询条件 ${key} 的值不合法`);
  return { ...base, values: [scalar(c.value, field, key)] };
}
