import { describe, expect, it } from 'vitest';
import type { FormControl, FormMeta } from '../form/types.ts';
import { analyzeFormDepends, designChanges, directDepends, type DependDesign } from './formDepends.ts';
import { allotStatusText } from './allotStatus.ts';

const c = (type: string, model: string, options: Record<string, unknown> = {}, extra: Partial<FormControl> = {}): FormControl => ({
  type,
  key: `${type}_${model}`,
  model,
  name: model,
  options,
  ...extra,
});
const meta = (...list: FormControl[]): FormMeta => ({ list, config: {} });
const designs = (entries: Array<[string, string, FormMeta]>) =>
  new Map<string, DependDesign>(entries.map(([id, formName, m]) => [id, { formName, meta: m }]));

describe('form dependency analysis', () => {
  it('finds forms through data references, pickers over a form table and sub-tables, and dictionaries', () => {
    const m = meta(
      c('m_data_ref', 'ref', { dsConf: { formId: '2' } }),
      c('data_select', 'pick', { maps: { source: { datasource: '', table: 'form_3' } } }),
      c('m_data_select', 'ext', { maps: { source: { datasource: 'ext1', table: 'form_9' } } }),
      c('dic_select', 'risk', {}, { typeCode: 'risk_level' }),
      {
        type: 'grid',
        key: 'g',
        options: {},
        columns: [{ span: 24, list: [c('m_dic_select', 'cls', {}, { typeCode: 'chem' })] }],
      },
      c('table', 'items', { dsConf: { formId: '4' } }, { tableColumns: [c('input', 'x'), c('data_select', 'y', { maps: { source: { table: 'form_5__sub' } } })] }),
    );
    const d = directDepends('1', m);
    expect(d.formIds.sort()).toEqual(['2', '3', '4', '5']);
    expect(d.dictionaries.sort()).toEqual(['chem', 'risk_level']);
    expect(d.tables).toEqual(['form_1__items']);
  });

  it('follows dependencies transitively, visits a cycle once and reports forms it was not given', () => {
    const all = designs([
      ['1', '甲', meta(c('m_data_ref', 'r', { dsConf: { formId: '2' } }))],
      ['2', '乙', meta(c('m_data_ref', 'r', { dsConf: { formId: '3' } }), c('dic_select', 'd', {}, { typeCode: 'k' }))],
      ['3', '丙', meta(c('m_data_ref', 'r', { dsConf: { formId: '1' } }), c('m_data_ref', 's', { dsConf: { formId: '8' } }))],
    ]);
    const r = analyzeFormDepends(['1'], all);
    expect(r.originalFormMap).toEqual({ '1': '甲' });
    expect(r.dependsFormMap).toEqual({ '2': '乙', '3': '丙' });
    expect(r.dependTables.sort()).toEqual(['form_1', 'form_2', 'form_3']);
    expect(r.dependDictionaries).toEqual(['k']);
    expect(r.missing).toEqual(['8']);
  });

  it('keeps a root out of the depends even when another root needs it', () => {
    const all = designs([
      ['1', '甲', meta(c('m_data_ref', 'r', { dsConf: { formId: '2' } }))],
      ['2', '乙', meta()],
    ]);
    const r = analyzeFormDepends(['1', '2', '77'], all);
    expect(r.originalFormMap).toEqual({ '1': '甲', '2': '乙' });
    expect(r.dependsFormMap).toEqual({});
  });
});

describe('design changes of a sync', () => {
  it('names dropped and retyped columns, not added ones', () => {
    const before = meta(c('input', 'a'), c('input', 'b'), c('table', 's', {}, { tableColumns: [c('input', 'x')] }));
    const after = meta(c('input_number', 'a'), c('input', 'new'), c('table', 's', {}, { tableColumns: [] }));
    expect(designChanges(before, after)).toEqual([
      { subKey: null, column: 'a', kind: 'retyped', from: 'text', to: 'numeric' },
      { subKey: null, column: 'b', kind: 'dropped', from: 'text' },
      { subKey: 's', column: 'x', kind: 'dropped', from: 'text' },
    ]);
    expect(designChanges(before, meta(...before.list!, c('input', 'z')))).toEqual([]);
  });

  it('names each result tag as the original does', () => {
    expect(allotStatusText('allot', -2)).toBe('队列中.....');
    expect(allotStatusText('sync', 3)).toBe('同步中.....');
    expect(allotStatusText('allot', -1)).toBe('分配完成(部分失败)');
    expect(allotStatusText('sync', 1)).toBe('同步失败');
  });
});
