import { describe, expect, it } from 'vitest';
import { parseFormMeta, validateFormMeta } from './designValidation.ts';
import type { FormControl } from './types.ts';
import { flattenControls, storageColumns } from './walk.ts';

const input = (model: string, name = model, extra: Partial<FormControl> = {}): FormControl => ({ type: 'input', key: `k_${model}`, model, name, options: {}, ...extra });
const messages = (...list: unknown[]) => validateFormMeta({ list, config: {} }).errors.map((e) => e.message);

describe('validateFormMeta', () => {
  it('accepts a sound design', () => {
    expect(validateFormMeta({ list: [input('name', '名称')], config: {} })).toEqual({ ok: true, errors: [] });
  });

  it('refuses a design that is not a list of controls', () => {
    expect(validateFormMeta(null).errors).toEqual([{ controlKey: '', name: '', message: '表单设计格式不正确' }]);
    expect(validateFormMeta({ list: 'x' }).ok).toBe(false);
    expect(validateFormMeta({ list: [1] }).ok).toBe(false);
    expect(validateFormMeta({ list: [{ type: 'grid', options: {}, columns: [{ list: [null] }] }] }).ok).toBe(false);
  });

  it('names the control and the field in each message', () => {
    expect(validateFormMeta({ list: [input('1abc', '单行文本1')], config: {} }).errors).toEqual([
      { controlKey: 'k_1abc', name: '单行文本1', message: '控件“单行文本1”的字段名 1abc 不合法' },
    ]);
  });

  it('refuses unknown types, missing, invalid, reserved and duplicate models', () => {
    expect(messages({ type: 'rich_text', name: '富文本', options: {} })).toEqual(['控件“富文本”的类型 rich_text 不受支持']);
    expect(messages({ type: 'input', name: '无名', options: {} })).toEqual(['控件“无名”缺少字段名']);
    expect(messages(input('a-b', '横线'))).toEqual(['控件“横线”的字段名 a-b 不合法']);
    expect(messages(input('x'.repeat(64), '太长'))).toEqual([`控件“太长”的字段名 ${'x'.repeat(64)} 不合法`]);
    expect(messages(input('名称', '中文'))).toEqual(['控件“中文”的字段名 名称 不合法']);
    expect(messages(input('create_time', '时间'))).toEqual(['控件“时间”的字段名 create_time 是系统保留字段']);
    expect(messages(input('ID', '编号'))).toEqual(['控件“编号”的字段名 ID 是系统保留字段']);
    expect(messages(input('name', '名称'), input('Name', '名称2'))).toEqual(['控件“名称2”的字段名 Name 与控件“名称”重复']);
  });

  it('refuses columns of pickers, regions and maps that collide', () => {
    const picker: FormControl = { type: 'user_select', key: 'u', model: 'owner', label_model: 'name', name: '负责人', options: {} };
    expect(messages(input('name', '名称'), picker)).toEqual(['控件“负责人”的字段名 name 与控件“名称”重复']);
    const badLabel = { ...picker, label_model: 'owner name' };
    expect(messages(badLabel)).toEqual(['控件“负责人”的字段名 owner name 不合法']);
    const region: FormControl = { type: 'region_select', key: 'r', model: 'r', name: '地区', options: {}, modelExt: { province: 'version' } };
    expect(messages(region)).toEqual(['控件“地区”的字段名 version 是系统保留字段']);
    const map1: FormControl = { type: 'gis_select', key: 'g1', model: 'g1', name: '地图1', options: {} };
    const map2: FormControl = { type: 'gis_select', key: 'g2', model: 'g2', name: '地图2', options: {} };
    expect(messages(map1, map2)).toEqual([
      '控件“地图2”的字段名 lat 与控件“地图1”重复',
      '控件“地图2”的字段名 lng 与控件“地图1”重复',
      '控件“地图2”的字段名 address 与控件“地图1”重复',
    ]);
  });

  it('refuses duplicate keys and option values with commas in list choices', () => {
    expect(messages(input('a', 'A', { key: 'same' }), input('b', 'B', { key: 'same' }))).toEqual(['控件“B”的标识 same 重复']);
    const box: FormControl = { type: 'checkbox', key: 'c', model: 'c', name: '多选', options: { options: [{ value: 'a,b' }] } };
    expect(messages(box)).toEqual(['控件“多选”的选项值 a,b 不能包含逗号']);
    expect(messages({ ...box, type: 'radio' })).toEqual([]);
  });

  it('refuses regular expressions that do not compile', () => {
    expect(messages(input('a', 'A', { rules: [{ pattern: '/(/', message: 'x' }] }))).toEqual(['控件“A”的正则表达式 /(/ 不合法']);
    expect(messages(input('a', 'A', { options: { pattern: '[' } }))).toEqual(['控件“A”的正则表达式 [ 不合法']);
    expect(messages(input('a', 'A', { rules: [{ required: true, message: 'A为必填项' }, { pattern: '/^\\d+$/' }] }))).toEqual([]);
  });

  it('refuses related controls that do not exist or control each other in a loop', () => {
    const radio = (key: string, related: string[]): FormControl => ({
      type: 'radio',
      key,
      model: key,
      name: key,
      options: { options: [{ value: '1', relatedList: related }] },
    });
    expect(messages(radio('r', ['ghost']))).toEqual(['控件“r”关联的控件 ghost 不存在']);
    expect(messages(radio('p', ['q']), radio('q', ['p']))).toEqual(['控件“p”的关联控制存在循环', '控件“q”的关联控制存在循环']);
    expect(messages(radio('p', ['q']), radio('q', ['x']), input('x'))).toEqual([]);
  });

  it('refuses formulas that cannot be computed', () => {
    const price = { ...input('price', '单价'), type: 'input_number' };
    const day = { ...input('day', '日期'), type: 'date' };
    const formula = (exp: string[], type = 'number'): FormControl => ({
      type: 'calculate_formula',
      key: 'f',
      model: 'total',
      name: '合计',
      options: { formula: { type, exp, decimal: 2 } },
    });
    expect(messages(price, formula(['${price}', '${price}']))).toEqual(['控件“合计”：编辑的公式不符合计算法则，无法计算']);
    expect(messages(day, formula(['${day}', '+', '${day}'], 'date'))).toEqual(['控件“合计”：时间类型只能两控件相减,请重新编辑']);
    expect(messages(price, formula(['${price}'], 'power'))).toEqual(['控件“合计”的计算类型 power 不受支持']);
    expect(messages(price, formula(['${price}', '*', '${qty}']))).toEqual(['控件“合计”的计算公式引用的字段 qty 不存在']);
    expect(messages(day, formula(['${day}', '*', '2']))).toEqual(['控件“合计”的计算公式引用的字段 day 类型不匹配']);
    expect(messages(price, formula(['${total}', '+', '1']))).toEqual(['控件“合计”的计算公式引用的字段 total 不存在']);
    expect(messages(price, formula([]))).toEqual([]);
    expect(messages(day, { ...day, model: 'day2', key: 'd2' }, formula(['${day}', '-', '${day2}'], 'date'))).toEqual([]);
  });

  it('checks sub-tables: subKey, nesting, and their own controls', () => {
    const table = (model: string | undefined, columns: FormControl[], name = '明细'): FormControl => ({
      type: 'table',
      key: `t_${model}`,
      model,
      name,
      options: {},
      tableColumns: columns,
    });
    expect(messages(table(undefined, []))).toEqual(['子表单“明细”缺少子表标识']);
    expect(messages(table('2items', []))).toEqual(['子表单“明细”的子表标识 2items 不合法']);
    expect(messages(table('items', []), table('Items', [], '明细2'))).toEqual(['子表单“明细2”的子表标识 Items 重复']);
    expect(messages(table('items', [input('parent_id', '上级')]))).toEqual(['控件“上级”的字段名 parent_id 是系统保留字段']);
    expect(messages(table('items', [table('inner', [], '内层')]))).toEqual(['子表单“内层”中不能再包含子表单']);
    // A sub-table's columns live in their own table, so a main-form model may repeat there.
    expect(messages(input('qty'), table('items', [input('qty')]))).toEqual([]);
    expect(messages(input('items'), table('items', []))).toEqual(['子表单“明细”的子表标识 items 重复']);
  });
});

describe('parseFormMeta', () => {
  it('reads JSON text and fills what code relies on', () => {
    const parsed = parseFormMeta('{"list":[{"type":"input","model":"a"},{"type":"grid","columns":[{"span":12}]}]}');
    expect(parsed).toEqual({
      ok: true,
      meta: { list: [{ type: 'input', model: 'a', options: {} }, { type: 'grid', options: {}, columns: [{ span: 12, list: [] }] }], config: {} },
    });
  });

  it('refuses text that is not a design', () => {
    expect(parseFormMeta('{')).toEqual({ ok: false, message: '表单设计格式不正确' });
    expect(parseFormMeta({ config: {} })).toEqual({ ok: false, message: '表单设计格式不正确' });
  });

  it('does not modify the object it is given', () => {
    const raw = { list: [{ type: 'input', model: 'a' }] };
    parseFormMeta(raw);
    expect(raw).toEqual({ list: [{ type: 'input', model: 'a' }] });
  });
});

describe('flattenControls and storageColumns', () => {
  const meta = {
    config: {},
    list: [
      {
        type: 'grid',
        options: {},
        columns: [
          { list: [input('a'), { type: 'grid', options: {}, columns: [{ list: [input('b')] }] }] },
          { list: [{ type: 'table', model: 'rows', name: '行', options: {}, tableColumns: [{ ...input('qty'), type: 'number' }, input('memo')] }] },
        ],
      },
      { type: 'text', options: {} },
      { type: 'company_select', model: 'co', label_model: 'co_name', options: {} },
    ],
  };

  it('walks grids and keeps sub-tables unopened', () => {
    expect(flattenControls(meta as never).map((c) => c.model ?? c.type)).toEqual(['a', 'b', 'rows', 'text', 'co']);
  });

  it('gives the columns of the main table and of each sub-table', () => {
    expect(storageColumns(meta as never)).toEqual({
      main: [
        { name: 'a', sqlType: 'text' },
        { name: 'b', sqlType: 'text' },
        { name: 'co', sqlType: 'text' },
        { name: 'co_name', sqlType: 'text' },
      ],
      subTables: [
        {
          subKey: 'rows',
          name: '行',
          columns: [
            { name: 'qty', sqlType: 'numeric' },
            { name: 'memo', sqlType: 'text' },
          ],
        },
      ],
    });
  });
});

describe('validateFormMeta: SQL keywords', () => {
  it('refuses a model or a sub-table key that is an SQL keyword, naming the control', () => {
    expect(validateFormMeta({ list: [input('select', '类别')], config: {} }).errors).toEqual([
      { controlKey: 'k_select', name: '类别', message: '控件“类别”的字段名 select 是SQL关键字' },
    ]);
    expect(messages(input('Order', '顺序'))).toEqual(['控件“顺序”的字段名 Order 是SQL关键字']);
    const table: FormControl = { type: 'table', key: 't', model: 'group', name: '明细', options: {}, tableColumns: [] };
    expect(messages(table)).toEqual(['子表单“明细”的子表标识 group 是SQL关键字']);
    expect(messages(input('order_no', '单号'))).toEqual([]);
  });
});
