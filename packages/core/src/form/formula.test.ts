import { describe, expect, it } from 'vitest';
import { applyFormulas, evaluateFormula, formulaReferences, parseFormula } from './formula.ts';
import { formulaText, parseTokens, tokenize } from './formulaExpression.ts';
import type { FormControl, FormulaConfig } from './types.ts';

const calc = (formula: FormulaConfig, model = 'result'): FormControl => ({ type: 'calculate_formula', model, name: '结果', options: { formula } });
const num = (exp: Array<string | number> | string, decimal: number | string | undefined = 2) => calc({ type: 'number', exp, decimal });
const run = (formula: FormControl, values: Record<string, unknown>, controls: FormControl[] = []) =>
  evaluateFormula(formula, values, (model) => controls.find((c) => c.model === model));

describe('number formulas', () => {
  it('add, subtract, multiply and divide with precedence and parentheses', () => {
    expect(run(num(['${a}', '+', '${b}']), { a: 1, b: 2 })).toBe(3);
    expect(run(num(['${a}', '-', '${b}']), { a: 1, b: 2 })).toBe(-1);
    expect(run(num(['${a}', '+', '${b}', '*', '${c}']), { a: 1, b: 2, c: 3 })).toBe(7);
    expect(run(num(['(', '${a}', '+', '${b}', ')', '*', '${c}']), { a: 1, b: 2, c: 3 })).toBe(9);
    expect(run(num(['${a}', '/', '${b}']), { a: 10, b: 4 })).toBe(2.5);
    expect(run(num(['-', '${a}', '*', '-', '2']), { a: 3 })).toBe(6);
  });

  it('join the digits the designer pushed one by one', () => {
    expect(run(num(['${a}', '*', 1, 0, 0]), { a: '1.5' })).toBe(150);
    expect(run(num('${a} * 12'), { a: 2 })).toBe(24);
  });

  it('round to the configured decimals, two by default', () => {
    expect(run(num(['${a}', '/', '3'], 2), { a: 10 })).toBe(3.33);
    expect(run(num(['${a}', '/', '3'], 0), { a: 10 })).toBe(3);
    expect(run(num(['${a}', '/', '3'], '4'), { a: 10 })).toBe(3.3333);
    expect(run(num(['${a}', '/', '3'], undefined), { a: 10 })).toBe(3.33);
    expect(run(num(['${a}', '*', '1'], 2), { a: 1.005 })).toBe(1.01);
    expect(run(num(['${a}', '+', '${b}']), { a: 0.1, b: 0.2 })).toBe(0.3);
  });

  it('clear the result when a referenced value is empty or not a number', () => {
    expect(run(num(['${a}', '+', '${b}']), { a: 1 })).toBeNull();
    expect(run(num(['${a}', '+', '${b}']), { a: 1, b: '' })).toBeNull();
    expect(run(num(['${a}', '+', '${b}']), { a: 1, b: 'abc' })).toBeNull();
  });

  it('clear the result on division by zero', () => {
    expect(run(num(['${a}', '/', '${b}']), { a: 1, b: 0 })).toBeNull();
    expect(run(num(['${a}', '/', '(', '${b}', '-', '${b}', ')']), { a: 1, b: 5 })).toBeNull();
  });

  it('accept × ÷ and a trailing equals sign', () => {
    expect(run(num(['${a}', '×', '${b}', '÷', '2', '=']), { a: 3, b: 4 })).toBe(6);
  });

  it('combine all operands with the shorthand types', () => {
    const values = { a: 8, b: 2, c: 2 };
    const exp = ['${a}', '${b}', '${c}'];
    expect(run(calc({ type: 'plus', exp }), values)).toBe(12);
    expect(run(calc({ type: 'subtract', exp }), values)).toBe(4);
    expect(run(calc({ type: 'multiply', exp }), values)).toBe(32);
    expect(run(calc({ type: 'divide', exp }), values)).toBe(2);
    expect(run(calc({ type: 'equal', exp: ['${a}'] }), values)).toBe(8);
    expect(run(calc({ type: 'divide', exp: ['${a}', '${z}'] }), { a: 1, z: 0 })).toBeNull();
    expect(run(calc({ type: 'plus', exp: ['${a}', '-', '${b}'] }), values)).toBe(6);
  });

  it('refuse anything outside the little language instead of running it', () => {
    expect(tokenize('${a};alert(1)')).toBeNull();
    expect(tokenize('constructor')).toBeNull();
    expect(parseFormula({ type: 'number', exp: ['${a}', '${b}'] })).toEqual({ ok: false, error: 'syntax', type: 'number' });
    expect(parseFormula({ type: 'number', exp: ['${a}', '+'] })).toMatchObject({ ok: false, error: 'syntax' });
    expect(parseFormula({ type: 'number', exp: ['(', '${a}'] })).toMatchObject({ ok: false, error: 'syntax' });
    expect(parseFormula({ type: 'number', exp: ['1.2.3'] })).toMatchObject({ ok: false, error: 'syntax' });
    expect(parseFormula({ type: 'number', exp: ['${}'] })).toMatchObject({ ok: false, error: 'syntax' });
    expect(parseFormula({ type: 'number', exp: ['1', '=', '2'] })).toMatchObject({ ok: false, error: 'syntax' });
    expect(parseFormula({ type: 'number', exp: [] })).toMatchObject({ ok: false, error: 'empty' });
    expect(parseFormula({ type: 'power', exp: ['${a}'] })).toMatchObject({ ok: false, error: 'type', type: 'power' });
    expect(run(num(['${a}', '${b}']), { a: 1, b: 2 })).toBeNull();
  });

  it('stays within a depth limit on deeply nested input', () => {
    const deep = `${'('.repeat(200)}1${')'.repeat(200)}`;
    expect(parseTokens(tokenize(deep)!)).toBeNull();
    expect(formulaText([{} as unknown as string])).toBe('\u0000');
  });

  it('lists the fields a formula reads', () => {
    expect(formulaReferences({ type: 'number', exp: ['${price}', '*', '${qty}'] })).toEqual(['price', 'qty']);
    expect(formulaReferences({ type: 'date', exp: ['${start}', '-', '${end}'] })).toEqual(['start', 'end']);
    expect(formulaReferences(undefined)).toEqual([]);
  });
});

describe('date and time formulas', () => {
  const diff = (type: string) => calc({ type, exp: ['${s}', '-', '${e}'], decimal: 2 });

  it('count whole years, months and year-months, always positive', () => {
    expect(run(diff('year'), { s: '2020', e: '2026' })).toBe(6);
    expect(run(diff('year'), { s: '2026', e: '2020' })).toBe(6);
    expect(run(diff('month'), { s: '03', e: '11' })).toBe(8);
    expect(run(diff('year_month'), { s: '2025-11', e: '2026-02' })).toBe(3);
  });

  it('count days between dates, across a leap day', () => {
    expect(run(diff('date'), { s: '2024-02-28', e: '2024-03-01' })).toBe(2);
    expect(run(diff('date'), { s: '2026-12-31', e: '2026-01-01' })).toBe(364);
  });

  it('count seconds between times and date-times', () => {
    expect(run(diff('time'), { s: '08:00:00', e: '17:30:15' })).toBe(34215);
    expect(run(diff('datetime'), { s: '2026-03-01 23:59:59', e: '2026-03-02 00:00:01' })).toBe(2);
  });

  it('read each value in its own control format, or as a timestamp', () => {
    const start: FormControl = { type: 'date', model: 's', options: { format: 'yyyy年MM月dd日' } };
    const end: FormControl = { type: 'date', model: 'e', options: { timestamp: true } };
    expect(run(diff('date'), { s: '2026年01月01日', e: Date.UTC(2026, 0, 10, 16, 0, 0) }, [start, end])).toBe(10);
  });

  it('clear the result when a date is empty or unreadable', () => {
    expect(run(diff('date'), { s: '2026-01-01', e: '' })).toBeNull();
    expect(run(diff('date'), { s: '2026-01-01', e: 'soon' })).toBeNull();
  });

  it('take exactly two fields joined by a minus sign', () => {
    expect(parseFormula({ type: 'date', exp: ['${s}', '+', '${e}'] })).toMatchObject({ ok: false, error: 'dateShape' });
    expect(parseFormula({ type: 'time', exp: ['${s}', '-', '${e}', '-', '${f}'] })).toMatchObject({ ok: false, error: 'dateShape' });
    expect(parseFormula({ type: 'year', exp: ['${s}', '-', '${e}', '='] })).toMatchObject({ ok: true, refs: ['s', 'e'] });
  });
});

describe('applyFormulas', () => {
  const price: FormControl = { type: 'input_number', model: 'price', options: {} };
  const qty: FormControl = { type: 'number', model: 'qty', options: {} };
  const total = num(['${price}', '*', '${qty}'], 2);
  const withTax = { ...num(['${result}', '*', '1.13'], 2), model: 'tax' };

  it('recomputes every calculated field, overriding what was submitted', () => {
    const out = applyFormulas([price, qty, { ...total }, withTax], { price: '2.5', qty: 4, result: 999, tax: 1 });
    expect(out).toEqual({ price: '2.5', qty: 4, result: 10, tax: 11.3 });
  });

  it('clears results whose inputs are empty', () => {
    expect(applyFormulas([price, qty, total], { price: '2.5' })).toEqual({ price: '2.5', result: null });
  });

  it('computes inside sub-table rows and grids', () => {
    const table: FormControl = { type: 'table', model: 'lines', options: {}, tableColumns: [price, qty, total] };
    const grid: FormControl = { type: 'grid', options: {}, columns: [{ list: [table] }] };
    const out = applyFormulas({ list: [grid], config: {} }, { lines: [{ price: 1, qty: 2 }, { price: 3 }] });
    expect(out.lines).toEqual([
      { price: 1, qty: 2, result: 2 },
      { price: 3, result: null },
    ]);
  });
});
