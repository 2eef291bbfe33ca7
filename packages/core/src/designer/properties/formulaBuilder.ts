/**
 * The formula builder of calculate_formula (issue 9). The designer stores formula.exp as the
 * token list the original builder pushed ("${model}", operators, single digits); reading and
 * checking go through the runtime's own parser (form/formula.ts), never eval.
 */
import { DATE_FORMULA_TYPES, isNumberFormula, isNumericSource, parseFormula } from '../../form/formula.ts';
import { formulaText, tokenize } from '../../form/formulaExpression.ts';
import { isRecord, modelOf, nameOf, optionsOf } from '../../form/lib/values.ts';
import { design } from '../../form/messages.ts';
import { traitsOf, traitsOfType } from '../../form/registry.ts';
import type { ControlSource, FormControl } from '../../form/types.ts';
import { flattenControls } from '../../form/walk.ts';

export interface FormulaField {
  model: string;
  name: string;
  type: string;
}

export interface FormulaOperator {
  /** What exp stores. */
  token: string;
  /** What the button and the preview show. */
  label: string;
}

export const FORMULA_OPERATORS: readonly FormulaOperator[] = [
  { token: '+', label: '+' },
  { token: '-', label: '−' },
  { token: '*', label: '×' },
  { token: '/', label: '÷' },
  { token: '(', label: '(' },
  { token: ')', label: ')' },
];

/** Number formulas and the date differences a calculated field may compute (spec 000 §5). */
export const FORMULA_TYPE_LABELS: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'number', label: '数值计算' },
  { value: 'date', label: '日期相差天数' },
  { value: 'datetime', label: '日期时间相差秒数' },
  { value: 'time', label: '时间相差秒数' },
  { value: 'year', label: '年份相差年数' },
  { value: 'year_month', label: '年月相差月数' },
  { value: 'month', label: '月份相差月数' },
];

const isDateType = (type: string) => (DATE_FORMULA_TYPES as readonly string[]).includes(type);

export function formulaTypeOf(control: FormControl): string {
  const formula = optionsOf(control).formula;
  const type = isRecord(formula) && typeof formula.type === 'string' ? formula.type : '';
  return type === '' ? 'number' : type;
}

/**
 * The fields a formula of this type may use: number-valued controls for a number formula, the
 * controls of that date type for a date difference; never the formula itself.
 */
export function formulaFields(source: ControlSource, self: FormControl, type = formulaTypeOf(self)): FormulaField[] {
  const fits = (c: FormControl) => (isDateType(type) ? traitsOf(c).dateKind === type : isNumericSource(c.type));
  return flattenControls(source)
    .filter((c) => c !== self && (self.key === undefined || c.key !== self.key) && modelOf(c) !== '' && fits(c))
    .map((c) => ({ model: modelOf(c), name: nameOf(c), type: String(c.type) }));
}

/** The stored exp as a token list; text typed by hand is split the way the parser reads it. */
export function formulaTokens(exp: unknown): string[] {
  if (Array.isArray(exp)) return exp.map((t) => (typeof t === 'number' ? String(t) : typeof t === 'string' ? t : '')).filter((t) => t !== '');
  const text = formulaText(exp);
  if (text.trim() === '') return [];
  const tokens = tokenize(text);
  if (!tokens) return [text];
  return tokens.map((t) => (t.t === 'ref' ? `\${${t.model}}` : t.t === 'num' ? String(t.value) : t.t === 'op' ? t.op : t.t));
}

export const refToken = (model: string) => `\${${model}}`;

const REF = /^\$\{(.+)\}$/;

/** The formula as the administrator reads it: display names and ×, ÷ signs. */
export function formulaDisplay(tokens: readonly string[], fields: readonly FormulaField[]): string {
  const names = new Map(fields.map((f) => [f.model, f.name]));
  const symbol = new Map(FORMULA_OPERATORS.map((o) => [o.token, o.label]));
  let out = '';
  for (const token of tokens) {
    const ref = REF.exec(token);
    if (ref) out += `【${names.get(ref[1]!.trim()) ?? `${ref[1]!.trim()}（不存在）`}】`;
    else if (token === '(' || token === ')') out += token;
    else if (symbol.has(token)) out += ` ${symbol.get(token)} `;
    else out += token;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * What is wrong with the control's formula among these controls, in the designer's words (the
 * same messages saveformdesign gives): a missing field is named by its model.
 */
export function formulaProblems(control: FormControl, source: ControlSource): string[] {
  const name = nameOf(control);
  const parsed = parseFormula(optionsOf(control).formula);
  if (!parsed.ok) {
    if (parsed.error === 'empty') return [];
    if (parsed.error === 'type') return [design.formulaType(name, parsed.type)];
    return [parsed.error === 'dateShape' ? design.formulaDateShape(name) : design.formulaSyntax(name)];
  }
  const byModel = new Map(flattenControls(source).filter((c) => modelOf(c)).map((c) => [modelOf(c), c] as const));
  const problems: string[] = [];
  for (const ref of new Set(parsed.refs)) {
    const field = byModel.get(ref);
    if (!field || field === control || (control.key !== undefined && field.key === control.key)) {
      problems.push(design.formulaUnknownField(name, ref));
      continue;
    }
    const fits = isNumberFormula(parsed) ? isNumericSource(field.type) : traitsOfType(field.type).dateKind === parsed.type;
    if (!fits) problems.push(design.formulaFieldType(name, ref));
  }
  return problems;
}
