import { evaluate, parseTokens, tokenize } from '../form/formulaExpression.ts';
import type { Calculation, ColumnConf } from './types.ts';

/** Values a flow reads by `${model}`: the trigger record's stored columns. */
export type VariableSource = Readonly<Record<string, unknown>>;

const SINGLE_VARIABLE = /^\s*\$\{([^{}]+)\}\s*$/;
const VARIABLE = /\$\{([^{}]+)\}/g;

function text(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** `${model}` replaced by the record's value (empty when absent); everything else kept as written. */
export function renderTemplate(template: unknown, vars: VariableSource): string {
  return text(template).replace(VARIABLE, (_, model: string) => text(vars[model.trim()]));
}

function toNumber(v: unknown): number {
  const n = typeof v === 'number' ? v : Number(text(v).trim());
  return text(v).trim() === '' || !Number.isFinite(n) ? Number.NaN : n;
}

/** Removes float noise (0.1 + 0.2) without changing a meaningful digit. */
export function tidyNumber(n: number): number {
  return Number.parseFloat(n.toPrecision(15));
}

export class FlowValueError extends Error {
  override name = 'FlowValueError';
}

/**
 * A variable or formula (column type '1'): a lone `${x}` is x's value as stored; an arithmetic
 * formula over `${x}` and numbers goes through the form formula parser (no eval); any other text
 * is a template.
 */
export function resolveExpression(expression: unknown, vars: VariableSource): unknown {
  const source = text(expression);
  const single = SINGLE_VARIABLE.exec(source);
  if (single) return vars[single[1]!.trim()] ?? null;
  const tokens = tokenize(source);
  const expr = tokens && tokens.some((t) => t.t === 'op') ? parseTokens(tokens) : null;
  if (expr) {
    let missing = '';
    const value = evaluate(expr, (model) => {
      const n = toNumber(vars[model]);
      if (Number.isNaN(n)) missing ||= model;
      return Number.isNaN(n) ? 0 : n;
    });
    if (missing) throw new FlowValueError(`公式中的字段 ${missing} 不是数字`);
    if (value === null) throw new FlowValueError(`公式 ${source} 无法计算（除数为 0？）`);
    return tidyNumber(value);
  }
  return renderTemplate(source, vars);
}

/** The value a column sets: '0' fixed, '1' variable or formula over the trigger record. */
export function columnValue(column: ColumnConf, vars: VariableSource): unknown {
  return String(column.type ?? '0') === '1' ? resolveExpression(column.value, vars) : (column.value ?? null);
}

const CALCULATE: Record<Calculation, (current: number, operand: number) => number> = {
  plus: (c, o) => c + o,
  subtract: (c, o) => c - o,
  multiply: (c, o) => c * o,
  divide: (c, o) => {
    if (o === 0) throw new FlowValueError('除数不能为 0');
    return c / o;
  },
  equal: (_c, o) => o,
};

/**
 * An update's calculation on the target's current value (stock = stock − ${load}). 'equal', or no
 * calculation, sets the value as it is; the others need numbers (an empty current value counts as 0).
 */
export function applyCalculation(calculation: Calculation | '' | undefined, current: unknown, operand: unknown): unknown {
  if (!calculation || calculation === 'equal') return operand;
  const o = toNumber(operand);
  if (Number.isNaN(o)) throw new FlowValueError(`计算值 ${text(operand)} 不是数字`);
  const c = text(current).trim() === '' ? 0 : toNumber(current);
  if (Number.isNaN(c)) throw new FlowValueError(`当前值 ${text(current)} 不是数字`);
  return tidyNumber(CALCULATE[calculation](c, o));
}
