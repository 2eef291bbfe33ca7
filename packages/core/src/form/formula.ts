/**
 * Calculated fields (spec 000 §4, §5): numbers from + - * / over number fields, or the
 * difference between two date or time fields in whole units (years, months, days, seconds),
 * always positive. Any empty referenced value clears the result, as does division by zero.
 */
import { readDateValue } from './controls/dateControls.ts';
import { parseLooseDate, STORED_FORMAT, wallSeconds, type DateKind, type DateParts } from './lib/dateText.ts';
import { roundTo, toNumber } from './lib/decimal.ts';
import { designNumber, isBlank, isRecord, modelOf, optionsOf } from './lib/values.ts';
import { evaluate, formulaText, parseTokens, tokenize, type Expr, type Operator, type Token } from './formulaExpression.ts';
import type { ControlSource, FormControl, FormulaConfig, FormValues } from './types.ts';
import { flattenControls, subTableChildren, subTablesOf } from './walk.ts';
import { CONTROL_DEFINITIONS, isCalculated, isControlType } from './registry.ts';

/** A date formula's kinds: the difference between two controls of one date kind (the dateKind trait). */
export const DATE_FORMULA_TYPES = Object.keys(STORED_FORMAT) as readonly DateKind[];
/** Shorthands that combine all referenced values with one operator; equal copies the first. */
export const OPERATOR_FORMULA_TYPES = ['plus', 'subtract', 'multiply', 'divide', 'equal'] as const;
export type FormulaType = 'number' | DateKind | (typeof OPERATOR_FORMULA_TYPES)[number];
export const FORMULA_TYPES: readonly FormulaType[] = ['number', ...DATE_FORMULA_TYPES, ...OPERATOR_FORMULA_TYPES];

/** The palette's default number of decimals. */
export const DEFAULT_DECIMALS = 2;

/** Controls a numeric formula may read (numbers and other formulas); date formulas read controls of their own date kind. */
export function isNumericSource(type: unknown): boolean {
  const family = isControlType(type) ? CONTROL_DEFINITIONS[type].family : undefined;
  return family === 'number' || family === 'formula';
}

const SHORTHAND_OPERATOR: Record<string, Operator | null> = {
  plus: '+',
  subtract: '-',
  multiply: '*',
  divide: '/',
  equal: null,
};

export type ParsedFormula =
  | { ok: true; type: 'number'; expr: Expr; refs: string[] }
  | { ok: true; type: DateKind; refs: [string, string] }
  | { ok: false; error: 'type' | 'empty' | 'syntax' | 'dateShape'; type: string };

/** A formula whose result is a number: 'number' names the formula's kind here, not the 计数器 control. */
export function isNumberFormula<T extends { type: string }>(parsed: T): parsed is Extract<T, { type: 'number' }> {
  // eslint-disable-next-line no-restricted-syntax -- a formula kind that shares a control type's name
  return parsed.type === 'number';
}

function isDateFormulaType(type: string): type is DateKind {
  return (DATE_FORMULA_TYPES as readonly string[]).includes(type);
}

function refsOf(tokens: readonly Token[]): string[] {
  return tokens.flatMap((t) => (t.t === 'ref' ? [t.model] : []));
}

/** A shorthand's operands folded left with its operator, e.g. plus over [a, b, 3]. */
function foldOperands(tokens: readonly Token[], op: Operator | null): Expr | null {
  const operands: Expr[] = tokens.flatMap((t): Expr[] =>
    t.t === 'ref' ? [{ k: 'ref', model: t.model }] : t.t === 'num' ? [{ k: 'num', value: t.value }] : [],
  );
  if (operands.length === 0 || operands.length !== tokens.length) return null;
  if (op === null) return operands[0]!;
  return operands.slice(1).reduce<Expr>((left, right) => ({ k: 'bin', op, left, right }), operands[0]!);
}

/** Reads formula.type and formula.exp; an unreadable formula says why. */
export function parseFormula(formula: unknown): ParsedFormula {
  const config: FormulaConfig = isRecord(formula) ? formula : {};
  const type = typeof config.type === 'string' && config.type !== '' ? config.type : 'number';
  const text = formulaText(config.exp);
  const tokens = tokenize(text);
  if (!(FORMULA_TYPES as readonly string[]).includes(type)) return { ok: false, error: 'type', type };
  // The palette's new formula has no tokens yet: it computes nothing, which is no error.
  if (text.trim() === '') return { ok: false, error: 'empty', type };
  if (!tokens || tokens.length === 0) return { ok: false, error: 'syntax', type };
  if (isDateFormulaType(type)) {
    const [a, minus, b] = tokens;
    const shaped = tokens.length === 3 && a?.t === 'ref' && minus?.t === 'op' && minus.op === '-' && b?.t === 'ref';
    return shaped ? { ok: true, type, refs: [a.model, b.model] } : { ok: false, error: 'dateShape', type };
  }
  const shorthand = type in SHORTHAND_OPERATOR && tokens.every((t) => t.t === 'ref' || t.t === 'num');
  const expr = shorthand ? foldOperands(tokens, SHORTHAND_OPERATOR[type] ?? null) : parseTokens(tokens);
  return expr ? { ok: true, type: 'number', expr, refs: refsOf(tokens) } : { ok: false, error: 'syntax', type };
}

/** Models a formula reads, in order. */
export function formulaReferences(formula: unknown): string[] {
  const parsed = parseFormula(formula);
  return parsed.ok ? [...parsed.refs] : [];
}

export type ControlLookup = (model: string) => FormControl | undefined;

/** The source control's own value format first (it may be "yyyy年MM月"), then stored shapes. */
function dateParts(value: unknown, kind: DateKind, source: FormControl | undefined): DateParts | null {
  const sourceKind = source && isDateFormulaType(source.type) ? source.type : undefined;
  const own = source && sourceKind ? narrow(readDateValue(value, source, sourceKind), kind) : null;
  return own ?? parseLooseDate(value, kind);
}

/** Keeps the parts a formula type needs from a reading of another date type. */
function narrow(parts: DateParts | null, kind: DateKind): DateParts | null {
  if (!parts) return null;
  const need: Record<DateKind, Array<keyof DateParts>> = {
    year: ['year'],
    month: ['month'],
    year_month: ['year', 'month'],
    date: ['year', 'month', 'day'],
    datetime: ['year', 'month', 'day', 'hour', 'minute', 'second'],
    time: ['hour', 'minute', 'second'],
  };
  return need[kind].every((f) => parts[f] !== undefined) ? parts : null;
}

function difference(a: DateParts, b: DateParts, kind: DateKind): number {
  const months = (p: DateParts) => (p.year ?? 0) * 12 + (p.month ?? 0);
  const days = (p: DateParts) => Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1) / 86_400_000;
  const seconds = (p: DateParts) => (p.hour ?? 0) * 3600 + (p.minute ?? 0) * 60 + (p.second ?? 0);
  switch (kind) {
    case 'year':
      return Math.abs((a.year ?? 0) - (b.year ?? 0));
    case 'month':
      return Math.abs((a.month ?? 0) - (b.month ?? 0));
    case 'year_month':
      return Math.abs(months(a) - months(b));
    case 'date':
      return Math.abs(days(a) - days(b));
    case 'time':
      return Math.abs(seconds(a) - seconds(b));
    case 'datetime':
      return Math.abs(wallSeconds(a) - wallSeconds(b));
  }
}

/**
 * The value of a calculate_formula control for these form values, or null when a referenced
 * value is empty or unreadable, or the formula cannot be computed.
 */
export function evaluateFormula(control: FormControl, values: FormValues, lookup: ControlLookup = () => undefined): number | null {
  const formula = optionsOf(control).formula;
  const parsed = parseFormula(formula);
  if (!parsed.ok) return null;
  if (parsed.refs.some((model) => isBlank(values[model]))) return null;
  const decimals = designNumber(isRecord(formula) ? formula.decimal : undefined) ?? DEFAULT_DECIMALS;

  let result: number | null;
  if (isNumberFormula(parsed)) {
    const numbers = new Map(parsed.refs.map((model) => [model, toNumber(values[model])]));
    if ([...numbers.values()].some((n) => n === undefined)) return null;
    result = evaluate(parsed.expr, (model) => numbers.get(model)!);
  } else {
    const [first, second] = parsed.refs.map((model) => dateParts(values[model], parsed.type, lookup(model)));
    result = first && second ? difference(first, second, parsed.type) : null;
  }
  return result === null ? null : roundTo(result, decimals);
}

/**
 * The values with every calculated field recomputed, sub-table rows included. The server runs
 * this before saving, so a submitted result never overrides the formula.
 */
export function applyFormulas(source: ControlSource, values: FormValues): FormValues {
  const controls = flattenControls(source);
  const byModel = new Map(controls.filter((c) => modelOf(c)).map((c) => [modelOf(c), c] as const));
  const lookup: ControlLookup = (model) => byModel.get(model);
  const formulas = controls.filter((c) => isCalculated(c) && modelOf(c));
  const out: FormValues = { ...values };
  // A formula may read another; passes repeat until nothing changes (a cycle stops at the limit).
  for (let pass = 0; pass <= formulas.length; pass += 1) {
    let changed = false;
    for (const control of formulas) {
      const next = evaluateFormula(control, out, lookup);
      if (!Object.is(out[modelOf(control)], next)) {
        out[modelOf(control)] = next;
        changed = true;
      }
    }
    if (!changed) break;
  }
  for (const table of subTablesOf(source)) {
    const rows = out[modelOf(table)];
    if (Array.isArray(rows)) {
      const children = subTableChildren(table);
      out[modelOf(table)] = rows.map((row) => (isRecord(row) ? applyFormulas(children, row) : row));
    }
  }
  return out;
}
