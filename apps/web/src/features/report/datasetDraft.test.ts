import { describe, expect, it } from 'vitest';
import type { SourceColumnView } from '@park/core';
import { buildDsMeta, choicesOf } from './datasetDraft.ts';

const cols: SourceColumnView[] = [
  { columnName: 'id', columnDesc: 'ID', columnType: 'bigint', dataType: 'Number' },
  { columnName: 'company_name', columnDesc: '所属企业', columnType: 'text', dataType: 'String' },
  { columnName: 'load_ton', columnDesc: '载重(吨)', columnType: 'numeric', dataType: 'Number' },
];

describe('dataset draft', () => {
  it('guesses dimensions and measures, leaves system columns out, and round-trips', () => {
    const meta = buildDsMeta([{ table: 'form_1', columns: cols }], { 'form_1_company_name': { use: 'dim', alias: '企业' } }, [
      { key: 'k', table: 'form_1', name: '千克', express: '${load_ton} * 1000' },
    ]);
    expect(meta.dim.map((c) => `${c.column}:${c.alias}`)).toEqual(['company_name:企业']);
    expect(meta.measure.map((c) => c.column)).toEqual(['load_ton', 'calc_1']);
    expect(meta.measure[1]).toMatchObject({ express: '${load_ton} * 1000', desc: '千克', dataType: 'Number' });
    const back = choicesOf(meta);
    expect(back.tables).toEqual(['form_1']);
    expect(back.choices['form_1_company_name']).toEqual({ use: 'dim', alias: '企业' });
    expect(back.calculated).toHaveLength(1);
  });
});
