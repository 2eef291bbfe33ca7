import { describe, expect, it } from 'vitest';
import type { FormControl, FormMeta } from '../../form/types.ts';
import { controlDesignErrors, isNameProblem } from './designErrors.ts';
import { formulaDisplay, formulaFields, formulaProblems, formulaTokens, refToken } from './formulaBuilder.ts';
import { chainText, relationCandidates, relationChains } from './relations.ts';

const c = (type: string, key: string, name: string, extra: Partial<FormControl> = {}): FormControl => ({
  type,
  key,
  model: key,
  name,
  options: {},
  ...extra,
});

function choice(key: string, name: string, options: Array<[string, string[]]>): FormControl {
  return c('radio', key, name, { options: { options: options.map(([value, relatedList]) => ({ value, label: value, relatedList })) } });
}

describe('relations of options', () => {
  const sex = choice('sex', '性别', [
    ['男', []],
    ['女', ['pregnant']],
  ]);
  const pregnant = choice('pregnant', '是否怀孕', [
    ['是', ['due', 'hospital']],
    ['否', []],
  ]);
  const due = c('date', 'due', '预产期');
  const hospital = c('input', 'hospital', '产检医院');
  const grid: FormControl = { type: 'grid', key: 'g1', options: {}, columns: [{ span: 12, list: [sex] }, { span: 12, list: [pregnant] }] };
  const meta: FormMeta = { list: [grid, due, hospital], config: {} };

  it('offers every other control of the table, but not the grid around the controller', () => {
    const keys = relationCandidates(meta, sex).map((r) => r.key);
    expect(keys).toEqual(['pregnant', 'due', 'hospital']);
    expect(relationCandidates(meta, sex).find((r) => r.key === 'due')?.name).toBe('预产期');
  });

  it('previews the chain A → B → C per option', () => {
    const chains = relationChains(meta, sex);
    expect(chains.map((o) => o.label)).toEqual(['男', '女']);
    expect(chains[0]!.chains).toEqual([]);
    expect(chains[1]!.chains.map(chainText)).toEqual(['性别=女 → 是否怀孕 → 预产期', '性别=女 → 是否怀孕 → 产检医院']);
  });

  it('marks a missing target and a loop instead of running forever', () => {
    const a = choice('a', 'A', [['1', ['b', 'gone']]]);
    const b = choice('b', 'B', [['1', ['a']]]);
    const chains = relationChains([a, b], a)[0]!.chains.map(chainText);
    expect(chains).toEqual(['A=1 → B → A（循环）', 'A=1 → gone（不存在）']);
  });
});

describe('the formula builder', () => {
  const price = c('input_number', 'price', '单价');
  const qty = c('input_int', 'qty', '数量');
  const remark = c('input', 'remark', '备注');
  const start = c('date', 'start', '开始日期');
  const total = c('calculate_formula', 'total', '金额', {
    options: { formula: { type: 'number', exp: [refToken('price'), '*', refToken('qty')], decimal: 2 } },
  });
  const list = [price, qty, remark, start, total];

  it('offers the number-valued fields by display name, not itself', () => {
    expect(formulaFields(list, total).map((f) => f.name)).toEqual(['单价', '数量']);
    expect(formulaFields(list, total, 'date').map((f) => f.name)).toEqual(['开始日期']);
  });

  it('shows the expression with names and operator signs', () => {
    const tokens = formulaTokens(total.options.formula!.exp);
    expect(formulaDisplay(tokens, formulaFields(list, total))).toBe('【单价】 × 【数量】');
    expect(formulaDisplay(formulaTokens('(${price}+1)/2'), formulaFields(list, total))).toBe('(【单价】 + 1) ÷ 2');
    expect(formulaProblems(total, list)).toEqual([]);
  });

  it('names a referenced field that does not exist', () => {
    const broken: FormControl = { ...total, options: { formula: { type: 'number', exp: [refToken('price'), '+', refToken('tax')] } } };
    expect(formulaProblems(broken, list)).toEqual(['控件“金额”的计算公式引用的字段 tax 不存在']);
    expect(formulaDisplay(formulaTokens(broken.options.formula!.exp), formulaFields(list, broken))).toBe('【单价】 + 【tax（不存在）】');
  });

  it('refuses a text field, a broken expression and a date formula that is not A − B', () => {
    const wrongType: FormControl = { ...total, options: { formula: { exp: [refToken('remark'), '+', '1'] } } };
    expect(formulaProblems(wrongType, list)).toEqual(['控件“金额”的计算公式引用的字段 remark 类型不匹配']);
    const syntax: FormControl = { ...total, options: { formula: { exp: [refToken('price'), '+'] } } };
    expect(formulaProblems(syntax, list)[0]).toContain('不符合计算法则');
    const date: FormControl = { ...total, options: { formula: { type: 'date', exp: [refToken('start'), '+', refToken('start')] } } };
    expect(formulaProblems(date, list)[0]).toContain('只能两控件相减');
    const empty: FormControl = { ...total, options: { formula: { type: 'number', exp: [] } } };
    expect(formulaProblems(empty, list)).toEqual([]);
  });
});

describe('on-the-spot design checks', () => {
  it('reports a bad, reserved or duplicate model of the selected control only', () => {
    const a = c('input', 'k1', '姓名', { model: 'name' });
    const b = c('input', 'k2', '名称', { model: 'name' });
    const bad = c('input', 'k3', '编号', { model: '1abc' });
    const sys = c('input', 'k4', '创建人', { model: 'create_by' });
    const meta: FormMeta = { list: [a, b, bad, sys], config: {} };
    expect(controlDesignErrors(meta, a)).toEqual([]);
    const dup = controlDesignErrors(meta, b);
    expect(dup.map((e) => e.message)).toEqual(['控件“名称”的字段名 name 与控件“姓名”重复']);
    expect(dup.every(isNameProblem)).toBe(true);
    expect(controlDesignErrors(meta, bad)[0]!.message).toContain('不合法');
    expect(controlDesignErrors(meta, sys)[0]!.message).toContain('系统保留字段');
  });
});
