import { describe, expect, it } from 'vitest';
import { checkSubmission, decodeRecord, defaultValues, encodeRecord, submittableValues, validateValues } from './record.ts';
import type { FormControl, FormMeta } from './types.ts';

const meta: FormMeta = {
  config: { labelWidth: 100 },
  list: [
    { type: 'input', key: 'k_name', model: 'name', name: '企业名称', options: { required: true } },
    {
      type: 'grid',
      options: {},
      columns: [
        {
          span: 12,
          list: [
            {
              type: 'radio',
              key: 'k_kind',
              model: 'kind',
              name: '类型',
              options: { defaultValue: '普通', options: [{ value: '危化品', relatedList: ['k_cas'] }, { value: '普通' }] },
            },
            { type: 'input', key: 'k_cas', model: 'cas', name: 'CAS号', options: { required: true } },
          ],
        },
        { span: 12, list: [{ type: 'switch', key: 'k_on', model: 'on', name: '启用', options: {} }] },
      ],
    },
    { type: 'user_select', key: 'k_owner', model: 'owner', label_model: 'owner_name', name: '负责人', options: { defaultCurrentUser: true } },
    { type: 'date', key: 'k_day', model: 'day', name: '日期', options: { defaultType: 1, format: 'yyyy-MM-dd' } },
    { type: 'input_number', key: 'k_price', model: 'price', name: '单价', options: {} },
    { type: 'calculate_formula', key: 'k_total', model: 'total', name: '合计', options: { formula: { type: 'number', exp: ['${price}', '*', 2], decimal: 2 } } },
    { type: 'text', key: 'k_tip', name: '提示', options: { defaultValue: '这是一段文字' } },
    {
      type: 'table',
      key: 'k_items',
      model: 'items',
      name: '明细',
      options: {},
      tableColumns: [{ type: 'input_int', key: 'k_qty', model: 'qty', name: '数量', options: { required: true } } as FormControl],
    },
  ],
};
const ctx = { currentDate: '2026-05-06 07:08:09', currentUser: { id: 7, realName: '张三' } };

describe('records', () => {
  it('start with the default of every field', () => {
    expect(defaultValues(meta, ctx)).toEqual({
      name: '',
      kind: '普通',
      cas: '',
      on: false,
      owner: { id: '7', label: '张三' },
      day: '2026-05-06',
      price: null,
      total: null,
      items: [],
    });
  });

  it('encode form values to columns and decode them back', () => {
    const values = { name: '甲化工', kind: '危化品', cas: '64-17-5', on: true, owner: { id: '7', label: '张三' }, day: '2026-05-06', price: 2.5, total: 5 };
    const row = encodeRecord(meta, values);
    expect(row).toEqual({
      name: '甲化工',
      kind: '危化品',
      cas: '64-17-5',
      on: '0',
      owner: '7',
      owner_name: '张三',
      day: '2026-05-06',
      price: '2.5',
      total: '5',
    });
    expect(decodeRecord(meta, row)).toEqual(values);
  });

  it('leave out the columns of values that were not given', () => {
    expect(encodeRecord(meta, { name: 'x' })).toEqual({ name: 'x' });
    expect(decodeRecord(meta, { name: 'x', owner_name: '张三' }, true)).toEqual({ name: 'x', owner: { id: '', label: '张三' } });
  });

  it('validate only what is shown', () => {
    const shown = validateValues(meta, { name: '', kind: '危化品', cas: '' });
    expect(shown.map((e) => [e.model, e.message])).toEqual([
      ['name', '请输入企业名称'],
      ['cas', '请输入CAS号'],
    ]);
    expect(shown[0]).toEqual({ model: 'name', controlKey: 'k_name', name: '企业名称', message: '请输入企业名称' });
    expect(validateValues(meta, { name: 'x', kind: '普通', cas: '' })).toEqual([]);
  });

  it('skip fields the add or edit flags hide', () => {
    const flagged: FormMeta = { config: {}, list: [{ type: 'input', model: 'a', name: 'A', options: { required: true, showFields: true } }] };
    expect(validateValues(flagged, {}, { mode: 'add' })).toEqual([]);
    expect(validateValues(flagged, {}, { mode: 'edit' })).toHaveLength(1);
  });

  it('validate sub-table rows against their own controls', () => {
    const errors = validateValues(meta, { name: 'x', items: [{ qty: 1 }, { qty: '' }, { qty: 'x' }] });
    expect(errors).toEqual([
      { model: 'items', controlKey: 'k_items', name: '明细', message: '明细第2行：请输入数量', row: 2 },
      { model: 'items', controlKey: 'k_items', name: '明细', message: '明细第3行：数量必须是数字', row: 3 },
    ]);
    expect(validateValues(meta, { name: 'x', items: 'rows' })[0]!.message).toBe('明细的数据格式不正确');
  });

  it('drop hidden fields from what is submitted', () => {
    expect(submittableValues(meta, { name: 'x', kind: '普通', cas: 'stale' })).toEqual({ name: 'x', kind: '普通' });
  });
});

describe('checkSubmission', () => {
  it('decodes a flat post, recomputes formulas, validates and encodes', () => {
    const result = checkSubmission(meta, { name: '甲化工', kind: '危化品', cas: '64-17-5', price: '3', total: '999', owner: '7', owner_name: '张三' }, { mode: 'add' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.stored).toMatchObject({ total: '6', on: '1', cas: '64-17-5', owner: '7', day: null });
  });

  it('refuses with the original message and the problems', () => {
    const result = checkSubmission(meta, { kind: '危化品' }, { mode: 'add' });
    expect(result).toEqual({
      ok: false,
      message: '表单数据校验失败',
      errors: [
        { model: 'name', controlKey: 'k_name', name: '企业名称', message: '请输入企业名称' },
        { model: 'cas', controlKey: 'k_cas', name: 'CAS号', message: '请输入CAS号' },
      ],
    });
  });

  it('does not store a hidden field', () => {
    const result = checkSubmission(meta, { name: 'x', kind: '普通', cas: 'stale' }, { mode: 'add' });
    expect(result.ok && 'cas' in result.stored).toBe(false);
  });

  it('reads only the fields an edit sends', () => {
    const result = checkSubmission(meta, { price: '4' }, { mode: 'edit' });
    expect(result).toEqual({ ok: true, values: { price: 4, total: 8 }, stored: { price: '4', total: '8' } });
  });
});

describe('checkSubmission with values of the wrong shape (issue 15)', () => {
  it('refuses an object or a list in any field, naming it, instead of reading it as empty', () => {
    for (const bad of [{}, [], [1, 2], { id: 1 }]) {
      const r = checkSubmission(meta, { name: '园区', kind: '普通', price: bad }, { ...ctx, mode: 'add' });
      expect(r).toMatchObject({ ok: false, errors: [{ model: 'price', message: '单价的数据格式不正确' }] });
    }
    const label = checkSubmission(meta, { name: '园区', owner: '7', owner_name: ['张三'] }, { ...ctx, mode: 'add' });
    expect(label).toMatchObject({ ok: false, errors: [{ model: 'owner', message: '负责人的数据格式不正确' }] });
    expect(checkSubmission(meta, { name: '园区', kind: '普通', price: 3 }, { ...ctx, mode: 'add' }).ok).toBe(true);
  });
});
