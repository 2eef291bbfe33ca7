import { parseConditions, type Condition, type ConditionField } from '../query/conditions.ts';
import { matchesCondition } from '../query/evaluate.ts';
import { RELATIVE_DATE, VALUELESS, isMatchType } from '../query/matchTypes.ts';
import { renderTemplate, resolveExpression, type VariableSource } from './variables.ts';
import type { ConditionConf, FieldCond, FieldUpdateCond, FilterItem } from './types.ts';

type Row = Readonly<Record<string, unknown>>;
export type FieldMap = ReadonlyMap<string, ConditionField>;

function empty(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/** `$theDay` without a value means today (spec 001 §5.5 asks no value of it). */
function valueFor(matchType: string, value: unknown): unknown {
  return matchType === '$theDay' && empty(value) ? 0 : value;
}

function wireOfCond(c: FieldCond): unknown {
  if (Array.isArray(c.groups)) {
    return { condType: 'multi', relation: c.condType === 'or' ? 'or' : 'and', conds: c.groups.map(wireOfCond) };
  }
  return { condType: 'single', model: c.model, matchType: c.matchType, value: valueFor(String(c.matchType), c.value) };
}

/**
 * A condition node's field conditions (spec 001 §3.5) as core/query's checked Condition: groups
 * joined by the set's and/or, rows in a group by the group's, nested field groups by theirs.
 * Null when there are none: a branch without conditions always matches. Throws ConditionError on
 * an unknown field or a match type the field does not take.
 */
export function fieldCondition(conf: ConditionConf, fields: FieldMap): Condition | null {
  const set = conf.condition?.fieldConds;
  const groups = (set?.conditions ?? []).filter((g) => (g.conds ?? []).length > 0);
  if (groups.length === 0) return null;
  const wire = {
    condType: 'multi',
    relation: set?.condType === 'or' ? 'or' : 'and',
    conds: groups.map((g) => ({ condType: 'multi', relation: g.condType === 'or' ? 'or' : 'and', conds: g.conds.map(wireOfCond) })),
  };
  return parseConditions(wire, fields);
}

const same = (a: unknown, b: unknown) => (empty(a) && empty(b)) || String(a ?? '') === String(b ?? '');

/** A field-update condition over the change (updateWay '0' any change, '1' from→to, '2' changed to). */
export function fieldUpdateHolds(cond: FieldUpdateCond, before: Row | null, after: Row | null): boolean {
  const was = before?.[cond.model];
  const now = after?.[cond.model];
  if (String(cond.updateWay) === '1') return !same(was, now) && same(was, cond.beforeValue) && same(now, cond.afterValue);
  if (String(cond.updateWay) === '2') return !same(was, now) && same(now, cond.assignValue);
  return !same(was, now);
}

export interface ChangeContext {
  /** The record as the condition reads it: after the change, or before a delete. */
  record: Row;
  before: Row | null;
  after: Row | null;
  now: Date;
}

/** Whether a condition node's conf holds for the change: its field conditions and every field-update condition. */
export function conditionHolds(conf: ConditionConf, fields: FieldMap, change: ChangeContext): boolean {
  const cond = fieldCondition(conf, fields);
  if (cond && !matchesCondition(cond, change.record, change.now)) return false;
  return (conf.condition?.fieldUpdateConds ?? []).every((u) => fieldUpdateHolds(u, change.before, change.after));
}

/** A filter that can match nothing: a variable it compares with is empty on the trigger record. */
export const MATCHES_NOTHING = Symbol('matches nothing');

/**
 * A form action's filter (spec 001 §3.5 filter items) as a Condition on the target form: items
 * joined by and; an item's conds by its condType (1 or, otherwise and). Values with valueType 1
 * are variables read from the trigger record. Null when the filter is empty.
 */
export function filterCondition(items: FilterItem[] | undefined, fields: FieldMap, vars: VariableSource): Condition | null | typeof MATCHES_NOTHING {
  let nothing = false;
  const wire = (items ?? []).map((item) => ({
    condType: 'multi',
    relation: String(item.condType) === '1' ? 'or' : 'and',
    conds: (item.conds ?? []).map((c) => {
      const raw = String(c.valueType ?? '0') === '1' ? resolveVariable(c.value, vars) : c.value;
      const value = valueFor(c.matchType, raw);
      // An empty value would be dropped by parseConditions and widen the filter: match nothing instead.
      if (isMatchType(c.matchType) && !VALUELESS.has(c.matchType) && empty(value)) nothing = true;
      return { condType: 'single', model: item.model, matchType: c.matchType, value };
    }),
  }));
  const cond = parseConditions(wire, fields);
  return nothing ? MATCHES_NOTHING : cond;
}

/** A filter variable: `${x}` or a bare model name both name the trigger record's field. */
function resolveVariable(value: unknown, vars: VariableSource): unknown {
  const text = String(value ?? '').trim();
  if (text.includes('${')) return resolveExpression(text, vars);
  return text in vars ? vars[text] : renderTemplate(text, vars);
}

/** Whether a match type needs a value in the editors (spec 001 §5.5): valueless and $theDay do not. */
export function needsValue(matchType: string): boolean {
  return isMatchType(matchType) && !VALUELESS.has(matchType) && matchType !== '$theDay';
}

/** Relative-date types take a whole number. */
export function needsNumber(matchType: string): boolean {
  return isMatchType(matchType) && RELATIVE_DATE.has(matchType) && matchType !== '$theDay';
}
