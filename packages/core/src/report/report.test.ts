import { describe, expect, it } from 'vitest';
import { buildReportQuery, parseDsMeta, pivot, ReportQueryError, DatasetError, type DsMeta } from './index.ts';

const meta: DsMeta = parseDsMeta({
  dim: [
    { id: 'd1', table: 'form_1', column: 'company_name', desc: '所属企业', dataType: 'String' },
    { id: 'd2', table: 'form_1', column: 'entry_time', desc: '入园时间', dataType: 'Date' },
  ],
  measure: [{ id: 'm1', table: 'form_1', column: 'load_ton', desc: '载重', dataType: 'Number' }],
});
const widget = (data: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ id: 1, querySize: 1000, ...extra, data: { dataset: '1', smallType: 'column', ...data } });

describe('report query spec', () => {
  it('resolves axis items to dataset columns and names result keys as the origin example does', () => {
    const q = buildReportQuery(
      widget({ classAxis: [{ id: 'd1' }], valueAxis: [{ table: 'form_1', column: 'load_ton', aggregate: 'sum' }, { id: 'm1', aggregate: 'dscount', alias: '车次' }] }),
      meta,
      {},
    );
    expect(q.dims.map((d) => d.key)).toEqual(['company_name']);
    expect(q.measures.map((m) => `${m.key}:${m.aggregate}`)).toEqual(['sum_load_ton:sum', '车次:distinct']);
    expect(q.limit).toBe(1000);
    expect(q.sorts).toEqual([{ key: 'company_name', order: 'asc' }]);
  });

  it('caps querySize at 1000 and pages tables', () => {
    expect(buildReportQuery(widget({ classAxis: [{ id: 'd1' }], valueAxis: [{ id: 'm1', aggregate: 'sum' }] }, { querySize: 99999 }), meta, {}).limit).toBe(1000);
    const t = buildReportQuery(widget({ smallType: 'table', cols: [{ id: 'd1' }, { id: 'm1' }] }), meta, { pageNum: 3, pageSize: 20 });
    expect(t).toMatchObject({ shape: 'table', grouped: false, limit: 20, offset: 40, paged: true });
  });

  it('splits conditions with an aggregate into HAVING and refuses an OR mixing both', () => {
    const q = buildReportQuery(widget({ classAxis: [{ id: 'd1' }], valueAxis: [{ id: 'm1', aggregate: 'sum' }] }), meta, {
      queryConditions: [{ column: 'company_name', matchType: '$eq', value: '甲' }],
      superConditions: [{ column: 'load_ton', matchType: '$gt', aggregate: 'sum', value: 5 }],
    });
    expect(q.where).toMatchObject({ kind: 'leaf', op: '$eq', values: ['甲'] });
    expect(q.having).toMatchObject({ kind: 'leaf', op: '$gt', values: [5] });
    expect(() =>
      buildReportQuery(widget({ classAxis: [{ id: 'd1' }], valueAxis: [{ id: 'm1', aggregate: 'sum' }] }), meta, {
        queryConditions: [{ condType: 'multi', relation: 'or', conds: [{ column: 'company_name', value: '甲' }, { column: 'load_ton', aggregate: 'sum', matchType: '$gt', value: 1 }] }],
      }),
    ).toThrow('聚合条件不能与普通条件以“或”组合');
  });

  it('refuses unknown columns, aggregates and levels, whatever else the item says', () => {
    const run = (data: Record<string, unknown>) => () => buildReportQuery(widget(data), meta, {});
    expect(run({ classAxis: [{ table: 'sys_user', column: 'password_hash' }], valueAxis: [{ id: 'm1', aggregate: 'sum' }] })).toThrow(ReportQueryError);
    expect(run({ classAxis: [{ id: 'd1' }], valueAxis: [{ id: 'm1', aggregate: 'stddev' }] })).toThrow('不支持的聚合方式');
    expect(run({ classAxis: [{ id: 'd2', dateDim: 'century' }], valueAxis: [{ id: 'm1', aggregate: 'sum' }] })).toThrow('不支持的日期粒度');
  });

  it('checks a dataset’s shape: identifiers, ids and types', () => {
    expect(() => parseDsMeta({ dim: [{ id: 'a', table: 'form_1; drop', column: 'x' }] })).toThrow(DatasetError);
    expect(() => parseDsMeta({ dim: [{ id: 'a', table: 'form_1', column: 'x"y' }] })).toThrow('字段名不合法');
    expect(() => parseDsMeta({ dim: [{ id: 'a', table: 'form_1', column: 'x' }, { id: 'a', table: 'form_1', column: 'y' }] })).toThrow('字段ID重复');
    expect(() => parseDsMeta({ dim: [], measure: [] })).toThrow('数据集至少需要一个维度或度量');
  });
});

describe('pivot', () => {
  it('turns grouped rows into rows × column headers', () => {
    const q = buildReportQuery(widget({ smallType: 'cross', classAxis: [{ id: 'd1' }], colorAxis: [{ id: 'd2', dateDim: 'year' }], valueAxis: [{ id: 'm1', aggregate: 'sum' }] }), meta, {});
    const p = pivot(q, [
      { company_name: '甲', entry_time: '2025', sum_load_ton: 1 },
      { company_name: '甲', entry_time: '2026', sum_load_ton: 2 },
      { company_name: '乙', entry_time: '2026', sum_load_ton: 3 },
    ]);
    expect(p.columns.map((c) => c.key)).toEqual(['2025', '2026']);
    expect(p.rows).toEqual([
      { company_name: '甲', '2025|sum_load_ton': 1, '2026|sum_load_ton': 2 },
      { company_name: '乙', '2026|sum_load_ton': 3 },
    ]);
  });
});
