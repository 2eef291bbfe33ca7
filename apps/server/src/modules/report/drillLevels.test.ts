import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drillDown, drillingConditions, type DrillStep } from '@park/core';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { saveVehicleDataset, createVehicleForm, widget } from './testSupport.ts';

/*
 * Issue 35 §2: a 钻取 axis holding several levels of one date column. The browser's own drill
 * functions (core drillDown, drillingConditions) build each request, as the viewer does; every
 * level's groups are compared with the same grouping written by hand in SQL. The original client's
 * body (current and conds, no depth) finds the same levels by the number of conditions.
 */

let t: TestApp;
let admin: string;
let dataset: number;
let table: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const formId = await createVehicleForm(t, admin, '钻取入园车辆');
  table = `form_${formId}`;
  // Every day of February 2026 for 湖北省 (load = the day), some 安徽省 days, and other months, quarters and years.
  await t.sql.query(
    `insert into ${table} (kind, entry_time, load_ton)
     select '湖北省', d + time '08:00', extract(day from d) from generate_series(date '2026-02-01', date '2026-02-28', interval '1 day') d`,
  );
  await t.sql.query(
    `insert into ${table} (kind, entry_time, load_ton) values
       ('安徽省', '2026-02-03 10:00', 100), ('安徽省', '2026-02-03 15:00', 50), ('安徽省', '2026-03-31 23:59', 7),
       ('湖北省', '2026-01-15 09:00', 3), ('湖北省', '2026-04-01 00:00', 4), ('湖北省', '2026-11-26 12:00', 9),
       ('安徽省', '2025-12-31 18:00', 11)`,
  );
  dataset = await saveVehicleDataset(t, admin, formId);
});
afterAll(() => t.close());

const date = (dateDim: string) => ({ id: 'd2', table, column: 'entry_time', dataType: 'Date', dateDim });
const province = () => ({ id: 'd3', table, column: 'kind', dataType: 'String' });
const load = () => ({ id: 'm1', table, column: 'load_ton', dataType: 'Number', aggregate: 'sum', alias: '载重' });

async function query(w: Record<string, unknown>, drilling: unknown): Promise<Array<[string, number]>> {
  const res = await t.call(admin, 'POST', '/api/report/datareport/previewreportdata', {
    pageNum: 1, pageSize: 1000, queryConditions: [], superConditions: [], drillingConditions: drilling, datareport: w,
  });
  expect(res.json(), res.body).toMatchObject({ errCode: 0 });
  return (res.json().datas as Array<Record<string, unknown>>).map((r) => [String(Object.values(r)[0]), Number(r['载重'])]);
}

async function bySql(expr: string, where = 'true'): Promise<Array<[string, number]>> {
  const r = await t.sql.query(`select ${expr} as k, sum(load_ton)::float8 as s from ${table} where ${where} group by 1 order by 1`);
  return r.rows.map((row) => [String(row.k), Number(row.s)]);
}

const sorted = (rows: Array<[string, number]>) => [...rows].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

/** Drills through `values` as the viewer does; the groups shown after each click, the last level's first. */
async function drillThrough(w: Record<string, unknown>, values: string[]) {
  let path: DrillStep[] = [];
  const shown = [sorted(await query(w, drillingConditions(w, path)))];
  for (const v of values) {
    const next = drillDown(w, path, v);
    if (!next.ok) throw new Error(next.message);
    path = next.path;
    shown.push(sorted(await query(w, drillingConditions(w, path))));
  }
  return { shown, path };
}

describe('a drill through levels of one date column (年 › 季 › 月 › 日)', () => {
  const byDate = () => widget(dataset, { drillingAxis: ['year', 'quarter', 'month', 'day'].map(date), valueAxis: [load()] });

  it('shows years, then that year’s quarters, months and days, each as SQL groups them', async () => {
    const { shown } = await drillThrough(byDate(), ['2026', '2026-Q1', '2026-02']);
    expect(shown[0]).toEqual(await bySql(`to_char(entry_time::timestamp, 'YYYY')`));
    expect(shown[1]).toEqual(await bySql(`to_char(entry_time::timestamp, 'YYYY-"Q"Q')`, `to_char(entry_time::timestamp, 'YYYY') = '2026'`));
    expect(shown[2]).toEqual(await bySql(`to_char(entry_time::timestamp, 'YYYY-MM')`, `to_char(entry_time::timestamp, 'YYYY-"Q"Q') = '2026-Q1'`));
    // The click on 2026-02 shows its 28 days, not the one month group again.
    expect(shown[3]).toEqual(await bySql(`to_char(entry_time::timestamp, 'YYYY-MM-DD')`, `to_char(entry_time::timestamp, 'YYYY-MM') = '2026-02'`));
    expect(shown[3]!).toHaveLength(28);
    expect(shown[3]!.find(([k]) => k === '2026-02-03')).toEqual(['2026-02-03', 153]);
  });

  it('the original client’s body (current and conds, no depth) reaches the same levels', async () => {
    const w = byDate();
    const { path } = await drillThrough(w, ['2026', '2026-Q1', '2026-02']);
    const { depth: _depth, ...original } = drillingConditions(w, path)!;
    expect(sorted(await query(w, original))).toEqual(await bySql(`to_char(entry_time::timestamp, 'YYYY-MM-DD')`, `to_char(entry_time::timestamp, 'YYYY-MM') = '2026-02'`));
    const { depth: _d2, ...monthLevel } = drillingConditions(w, path.slice(0, 2))!;
    expect(sorted(await query(w, monthLevel))).toEqual(await bySql(`to_char(entry_time::timestamp, 'YYYY-MM')`, `to_char(entry_time::timestamp, 'YYYY-"Q"Q') = '2026-Q1'`));
  });
});

describe('a mixed drill axis (省份 › 入园日期(月) › 入园日期(日))', () => {
  it('shows provinces, then the province’s months, then the month’s days in that province', async () => {
    const w = widget(dataset, { drillingAxis: [province(), date('month'), date('day')], valueAxis: [load()] });
    const { shown } = await drillThrough(w, ['安徽省', '2026-02']);
    expect(shown[0]).toEqual(await bySql('kind'));
    expect(shown[1]).toEqual(await bySql(`to_char(entry_time::timestamp, 'YYYY-MM')`, `kind = '安徽省'`));
    expect(shown[2]).toEqual(await bySql(`to_char(entry_time::timestamp, 'YYYY-MM-DD')`, `kind = '安徽省' and to_char(entry_time::timestamp, 'YYYY-MM') = '2026-02'`));
    expect(shown[2]).toEqual([['2026-02-03', 150]]);
    const hubei = await drillThrough(w, ['湖北省', '2026-02']);
    expect(hubei.shown[2]).toHaveLength(28);
    expect(hubei.shown[2]).toEqual(await bySql(`to_char(entry_time::timestamp, 'YYYY-MM-DD')`, `kind = '湖北省' and to_char(entry_time::timestamp, 'YYYY-MM') = '2026-02'`));
  });
});
