import os from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { ensureCompany } from '../../../test/companies.ts';
import { addUser, roleWithMenus } from '../admin/testHelpers.ts';
import { control } from '../importExport/testSupport.ts';
import { saveVehicleDataset, createVehicleForm, vehicleMeta, widget } from './testSupport.ts';

/*
 * The report query engine against hand-computed results: every aggregate and date level,
 * conditions, super conditions, two-level drilling, caps, cache invalidation, scope and hostile input.
 */

let t: TestApp;
let admin: string;
let formId: number;
let dataset: number;
let table: string;

const ROWS: Array<[string, string, number | null, string, number]> = [
  ['甲化工', '2026-01-15 08:30:00', 10, 'a', 1],
  ['甲化工', '2026-02-03 09:00:00', 20, 'b', 1],
  ['乙物流', '2026-02-20 10:15:30', 5, 'a', 1],
  ['乙物流', '2026-04-01 23:59:59', null, 'a', 1],
  ['丙能源', '2026-11-25 14:05:09', 7.5, 'b', 2],
  ['甲化工', '2026-11-26 00:00:00', 30, 'a', 1],
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  formId = await createVehicleForm(t, admin);
  table = `form_${formId}`;
  await ensureCompany(t.sql, 1);
  await ensureCompany(t.sql, 2);
  for (const [c, e, l, k, company] of ROWS) {
    await t.sql.query(`insert into ${table} (company_name, entry_time, load_ton, kind, company_id) values ($1, $2, $3, $4, $5)`, [c, e, l, k, company]);
  }
  dataset = await saveVehicleDataset(t, admin, formId);
});
afterAll(() => t.close());

const m1 = (aggregate: string, extra = {}) => ({ id: 'm1', table: () => table, column: 'load_ton', dataType: 'Number', aggregate, ...extra });
const axis = (x: Record<string, unknown>) => ({ ...x, table });

async function preview(data: Record<string, unknown>, body: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const res = await t.call(admin, 'POST', '/api/report/datareport/previewreportdata', {
    pageNum: 1,
    pageSize: 1000,
    queryConditions: [],
    superConditions: [],
    drillingConditions: null,
    ...body,
    datareport: widget(dataset, data, extra),
  });
  return res;
}

async function datas(data: Record<string, unknown>, body: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const res = await preview(data, body, extra);
  expect(res.json(), res.body).toMatchObject({ errCode: 0 });
  return res.json().datas as Array<Record<string, unknown>>;
}

const byCompany = { classAxis: [axis({ id: 'd1', column: 'company_name', dataType: 'String' })] };

describe('aggregates', () => {
  it('computes none, sum, avg, count, distinct count (dscount), max and min per group as SQL does by hand', async () => {
    const rows = await datas({
      ...byCompany,
      valueAxis: ['sum', 'avg', 'count', 'dscount', 'max', 'min'].map((a) => axis({ ...m1(a), table })),
    });
    const hand = await t.sql.query(
      `select company_name, sum(load_ton)::float8 s, avg(load_ton)::float8 a, count(load_ton)::int c, count(distinct load_ton)::int d,
              max(load_ton)::float8 mx, min(load_ton)::float8 mn from ${table} group by 1 order by 1`,
    );
    expect(rows).toEqual(
      hand.rows.map((r) => ({
        company_name: r.company_name,
        sum_load_ton: r.s,
        avg_load_ton: r.a,
        count_load_ton: r.c,
        dscount_load_ton: r.d,
        max_load_ton: r.mx,
        min_load_ton: r.mn,
      })),
    );
    expect(rows.find((r) => r.company_name === '甲化工')).toMatchObject({ sum_load_ton: 60, avg_load_ton: 20, count_load_ton: 3, max_load_ton: 30, min_load_ton: 10 });
    expect(rows.find((r) => r.company_name === '乙物流')).toMatchObject({ sum_load_ton: 5, count_load_ton: 1 });
  });

  it('keys rows as the origin example does, and an alias replaces the key', async () => {
    const rows = await datas({ ...byCompany, valueAxis: [axis({ ...m1('sum'), alias: '总载重' }), axis(m1('count'))] });
    expect(rows[0]).toEqual({ company_name: '丙能源', 总载重: 7.5, count_load_ton: 1 });
  });

  it('a table widget lists rows unaggregated (none) and pages them with a total', async () => {
    const res = await preview(
      { smallType: 'table', cols: [axis({ id: 'd1', column: 'company_name' }), axis({ ...m1('none') })], querySort: [{ key: 'load_ton', sort: 'desc' }] },
      { pageNum: 2, pageSize: 2 },
    );
    expect(res.json()).toMatchObject({ errCode: 0, totalCount: 6, datas: [{ company_name: '甲化工', load_ton: 20 }, { company_name: '甲化工', load_ton: 10 }] });
    // PostgreSQL puts nulls first in a descending sort: 乙物流's empty load is row 1 of page 1.
  });

  it('a calculated field written in the formula language is computed by the server', async () => {
    const rows = await datas({ ...byCompany, valueAxis: [axis({ id: 'm2', column: 'load_kg', aggregate: 'sum' })] });
    expect(rows.find((r) => r.company_name === '甲化工')).toEqual({ company_name: '甲化工', sum_load_kg: 60000 });
  });

  it('a kanban without a class axis returns one total row', async () => {
    const rows = await datas({ smallType: 'kanban', valueAxis: [axis(m1('sum')), axis(m1('count'))] }, {}, { type: 'kanbanWidget' });
    expect(rows).toEqual([{ sum_load_ton: 72.5, count_load_ton: 5 }]);
  });

  it('a cross table pivots companies against kinds', async () => {
    const res = await preview({ smallType: 'cross', classAxis: byCompany.classAxis, colorAxis: [axis({ id: 'd3', column: 'kind' })], valueAxis: [axis(m1('sum'))] });
    expect(res.json(), res.body).toMatchObject({ errCode: 0 });
    const body = res.json();
    expect(body.columns.map((c: { key: string }) => c.key).sort()).toEqual(['a', 'b']);
    expect(body.datas.find((r: Record<string, unknown>) => r.company_name === '甲化工')).toEqual({ company_name: '甲化工', 'a|sum_load_ton': 40, 'b|sum_load_ton': 20 });
  });
});

describe('date levels', () => {
  const levels: Record<string, Record<string, number>> = {
    year: { '2026': 6 },
    quarter: { '2026-Q1': 3, '2026-Q2': 1, '2026-Q4': 2 },
    month: { '2026-01': 1, '2026-02': 2, '2026-04': 1, '2026-11': 2 },
    week: { '2026-W03': 1, '2026-W06': 1, '2026-W08': 1, '2026-W14': 1, '2026-W48': 2 },
    day: { '2026-01-15': 1, '2026-02-03': 1, '2026-02-20': 1, '2026-04-01': 1, '2026-11-25': 1, '2026-11-26': 1 },
    hour: { '2026-01-15 08': 1, '2026-02-03 09': 1, '2026-02-20 10': 1, '2026-04-01 23': 1, '2026-11-25 14': 1, '2026-11-26 00': 1 },
    minute: { '2026-01-15 08:30': 1, '2026-02-03 09:00': 1, '2026-02-20 10:15': 1, '2026-04-01 23:59': 1, '2026-11-25 14:05': 1, '2026-11-26 00:00': 1 },
    second: Object.fromEntries(ROWS.map((r) => [r[1], 1])),
    full: Object.fromEntries(ROWS.map((r) => [r[1], 1])),
  };
  for (const [level, expected] of Object.entries(levels)) {
    it(`groups entry time by ${level}`, async () => {
      const rows = await datas({
        classAxis: [axis({ id: 'd2', column: 'entry_time', dataType: 'Date', dateDim: level })],
        valueAxis: [axis({ id: 'd1', column: 'company_name', aggregate: 'count' })],
      });
      expect(Object.fromEntries(rows.map((r) => [r.entry_time, r.count_company_name]))).toEqual(expected);
    });
  }

  it('refuses a date level on a text column and an unknown level', async () => {
    const a = await preview({ classAxis: [axis({ id: 'd1', column: 'company_name', dateDim: 'month' })], valueAxis: [axis(m1('sum'))] });
    expect(a.statusCode).toBe(400);
    expect(a.json().errMsg).toContain('不是日期');
    const b = await preview({ classAxis: [axis({ id: 'd2', column: 'entry_time', dateDim: 'decade' })], valueAxis: [axis(m1('sum'))] });
    expect(b.json().errMsg).toContain('不支持的日期粒度');
  });
});

describe('conditions', () => {
  const sumBy = { ...byCompany, valueAxis: [axis(m1('sum'))] };
  const rowsOf = (rows: Array<Record<string, unknown>>) => Object.fromEntries(rows.map((r) => [r.company_name, r.sum_load_ton]));

  it('queryConditions: single and multi (or) in the origin shape', async () => {
    expect(rowsOf(await datas(sumBy, { queryConditions: [{ table, column: 'kind', dataType: 'String', condType: 'single', matchType: '$eq', value: 'a' }] }))).toEqual({
      甲化工: 40,
      乙物流: 5,
    });
    const multi = {
      condType: 'multi',
      relation: 'or',
      conds: [
        { table, column: 'company_name', condType: 'single', matchType: '$eq', value: '丙能源' },
        { table, column: 'load_ton', dataType: 'Number', condType: 'single', matchType: '$gte', value: 20 },
      ],
    };
    expect(rowsOf(await datas(sumBy, { queryConditions: [multi] }))).toEqual({ 丙能源: 7.5, 甲化工: 50 });
  });

  it('date ranges ($in with a bare end day includes that day) and $all over comma lists', async () => {
    const range = { table, column: 'entry_time', dataType: 'Date', condType: 'single', matchType: '$in', value: ['2026-02-01', '2026-04-01'] };
    expect(rowsOf(await datas(sumBy, { queryConditions: [range] }))).toEqual({ 甲化工: 20, 乙物流: 5 });
    const all = { table, column: 'company_name', condType: 'single', matchType: '$all', value: '甲化工' };
    expect(rowsOf(await datas(sumBy, { queryConditions: [all] }))).toEqual({ 甲化工: 60 });
  });

  it('condFilters of the widget apply too, and superConds with a default filter groups by their aggregate (HAVING)', async () => {
    const cond = { table, column: 'kind', condType: 'single', matchType: '$eq', value: 'a' };
    expect(rowsOf(await datas({ ...sumBy, condFilters: [cond] }))).toEqual({ 甲化工: 40, 乙物流: 5 });
    const superConds = [{ table, column: 'load_ton', dataType: 'Number', condType: 'single', matchType: '$gt', aggregate: 'sum', default: 7 }];
    expect(rowsOf(await datas({ ...sumBy, superConds }))).toEqual({ 甲化工: 60, 丙能源: 7.5 });
    // superConditions sent by the client win over the designed defaults.
    const sent = [{ table, column: 'load_ton', condType: 'single', matchType: '$gt', aggregate: 'sum', value: 10 }];
    expect(rowsOf(await datas({ ...sumBy, superConds }, { superConditions: sent }))).toEqual({ 甲化工: 60 });
  });

  it('two-level drilling: company → month → day', async () => {
    const drillingAxis = [
      axis({ id: 'd1', column: 'company_name', dataType: 'String' }),
      axis({ id: 'd2', column: 'entry_time', dataType: 'Date', dateDim: 'month' }),
      axis({ id: 'd2', column: 'entry_time', dataType: 'Date', dateDim: 'day' }),
    ];
    const data = { classAxis: [], drillingAxis, valueAxis: [axis(m1('sum'))] };
    expect((await datas(data)).map((r) => r.company_name)).toEqual(['丙能源', '乙物流', '甲化工']);
    const c1 = { condType: 'single', table, column: 'company_name', alias: '', id: 'd1', dataType: 'String', matchType: '$eq', express: 'anything', value: '甲化工' };
    const level2 = await datas(data, { drillingConditions: { current: 'entry_time', conds: [c1] } });
    expect(level2).toEqual([
      { entry_time: '2026-01', sum_load_ton: 10 },
      { entry_time: '2026-02', sum_load_ton: 20 },
      { entry_time: '2026-11', sum_load_ton: 30 },
    ]);
    const c2 = { condType: 'single', table, column: 'entry_time', id: 'd2', dataType: 'Date', dateDim: 'month', matchType: '$eq', value: '2026-11' };
    // The third level is named by its dateDim through the axis item; current names the column.
    const level3Data = { ...data, drillingAxis: [drillingAxis[0], drillingAxis[2]] };
    expect(await datas(level3Data, { drillingConditions: { current: 'entry_time', conds: [c1, c2] } })).toEqual([{ entry_time: '2026-11-26', sum_load_ton: 30 }]);
  });
});

describe('caps, legality and hostile input', () => {
  it('a chart returns at most querySize groups and says it cut', async () => {
    const res = await preview({ ...byCompany, valueAxis: [axis(m1('sum'))] }, {}, { querySize: 2 });
    expect(res.json()).toMatchObject({ errCode: 0, truncated: true });
    expect(res.json().datas).toHaveLength(2);
    const all = await preview({ ...byCompany, valueAxis: [axis(m1('sum'))] }, {}, { querySize: 5000 });
    expect(all.json()).toMatchObject({ truncated: false });
    expect(all.json().datas).toHaveLength(3);
  });

  it('report queries take at most cores − 1 at once, in read-only sessions without parallel workers, named park-report', async () => {
    const r = t.booted.ctx.reports;
    expect(t.booted.ctx.config.report.queriesPerServer).toBe(Math.max(1, os.availableParallelism() - 1));
    const s = await sql<{ ro: string; workers: string; app: string; timeout: string }>`
      select current_setting('default_transaction_read_only') as ro, current_setting('max_parallel_workers_per_gather') as workers,
             current_setting('application_name') as app, current_setting('statement_timeout') as timeout`.execute(r.connections.platform);
    expect(s.rows[0]).toEqual({ ro: 'on', workers: '0', app: 'park-report', timeout: '10s' });
  });

  it('applies the spec legality rules with their messages', async () => {
    const msg = async (data: Record<string, unknown>) => (await preview(data)).json().errMsg as string;
    expect(await msg({ ...byCompany, smallType: 'pie' })).toBe('缺少度量项');
    expect(await msg({ smallType: 'pie', valueAxis: [axis(m1('sum'))] })).toBe('缺少维度项');
    expect(await msg({ ...byCompany, smallType: 'pie', valueAxis: [axis(m1('sum')), axis(m1('count'))] })).toBe('已超过[扇区角度/度量]最多可添加项数量（1）');
    expect(await msg({ ...byCompany, colorAxis: [axis({ id: 'd3', column: 'kind' })], valueAxis: [axis(m1('sum')), axis(m1('count'))] })).toBe(
      '颜色图例轴已有项，主值轴/副值轴只能出现一项',
    );
    expect(await msg({ ...byCompany, valueAxis: [axis(m1('sum')), axis(m1('sum'))] })).toContain('度量重复');
    expect(await msg({ ...byCompany, smallType: 'radar', valueAxis: [axis(m1('sum'))] })).toContain('不支持的报表类型');
  });

  it('refuses identifiers outside the dataset, unknown aggregates and the client express', async () => {
    const bad = await preview({ classAxis: [{ table, column: 'company_name" ; drop table sys_user; --' }], valueAxis: [axis(m1('sum'))] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errMsg).toContain('数据集中不存在字段');
    const other = await preview({ classAxis: [{ table: 'sys_user', column: 'password_hash' }], valueAxis: [axis(m1('sum'))] });
    expect(other.json().errMsg).toContain('数据集中不存在字段');
    const agg = await preview({ ...byCompany, valueAxis: [axis(m1('sum(1);--'))] });
    expect(agg.json().errMsg).toContain('不支持的聚合方式');
    // A drilling condition's express is ignored: the column's own definition is used.
    const hostileExpress = { condType: 'single', table, column: 'company_name', id: 'd1', matchType: '$eq', express: 'pg_sleep(10)', value: '甲化工' };
    const rows = await datas({ ...byCompany, valueAxis: [axis(m1('sum'))] }, { queryConditions: [hostileExpress] });
    expect(rows).toEqual([{ company_name: '甲化工', sum_load_ton: 60 }]);
    const matchType = await preview({ ...byCompany, valueAxis: [axis(m1('sum'))] }, { queryConditions: [{ table, column: 'kind', matchType: '$regex', value: '.*' }] });
    expect(matchType.json().errMsg).toContain('不支持的匹配类型');
    const sum = await preview({ ...byCompany, valueAxis: [axis({ id: 'd3', column: 'kind', aggregate: 'sum' })] });
    expect(sum.json().errMsg).toContain('不是数字');
  });

  it('a dataset refuses tables that are not forms, unknown columns and formulas outside the language', async () => {
    const ds = String((await t.call(admin, 'GET', '/api/report/datasource/query')).json().list[0].id);
    const save = (dsMeta: unknown) => t.call(admin, 'POST', '/api/report/dataset/save', { name: 'x', datasourceId: ds, dsMeta });
    const sysUser = await save({ dim: [{ id: 'a', table: 'sys_user', column: 'username' }], measure: [] });
    expect(sysUser.statusCode).toBe(400);
    expect(sysUser.json().errMsg).toContain('不允许查询');
    const injected = await save({ dim: [{ id: 'a', table: `${table}; drop table x`, column: 'kind' }], measure: [] });
    expect(injected.json().errMsg).toContain('数据表名不合法');
    const column = await save({ dim: [{ id: 'a', table, column: 'nope' }], measure: [] });
    expect(column.json().errMsg).toContain('不存在字段');
    const express = await save({ dim: [{ id: 'a', table, column: 'kind' }], measure: [{ id: 'b', table, column: 'x', express: "pg_sleep(10) || '1'" }] });
    expect(express.json().errMsg).toContain('公式不正确');
    const textRef = await save({ dim: [{ id: 'a', table, column: 'kind' }], measure: [{ id: 'b', table, column: 'x', express: '${kind} * 2' }] });
    expect(textRef.json().errMsg).toContain('只能引用数字字段');
  });

  it('a stored value that is no date says so in Chinese instead of failing as a server error', async () => {
    await t.sql.query(`insert into ${table} (company_name, entry_time, kind, company_id) values ('坏数据', '明天', 'zzz', 1)`);
    const res = await preview(
      { classAxis: [axis({ id: 'd2', column: 'entry_time', dateDim: 'month' })], valueAxis: [axis({ id: 'd1', column: 'company_name', aggregate: 'count' })] },
      { queryConditions: [{ table, column: 'kind', matchType: '$eq', value: 'zzz' }] },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errMsg).toBe('报表查询失败：数据中有无法按日期统计的值');
    await t.sql.query(`delete from ${table} where kind = 'zzz'`);
  });

  it('shows the SQL (x) only in design mode', async () => {
    const res = await preview({ ...byCompany, valueAxis: [axis(m1('sum'))] });
    const sql = Buffer.from(res.json().x, 'base64').toString();
    expect(sql).toContain(`from "${table}" as "t0"`);
    expect(sql).not.toContain('甲化工');
  });
});

describe('cache, published reports, permissions and scope', () => {
  let reportId: number;
  const chart = () => widget(dataset, { ...byCompany, valueAxis: [axis(m1('sum'))] }, { id: 'w1' });

  it('saves a report; queryreportdata reads a widget by id, cached until the form changes', async () => {
    const saved = await t.call(admin, 'POST', '/api/report/datareport/save', {
      reportName: '车辆报表',
      settingMeta: { layout: { rows: [{ columns: [{ widgetId: 'w1' }] }] }, widgets: [chart()], themeId: 1, version: 1 },
    });
    expect(saved.json(), saved.body).toMatchObject({ errCode: 0 });
    reportId = saved.json().reportId;
    const q = () => t.call(admin, 'POST', '/api/report/datareport/queryreportdata', { reportId, widgetId: 'w1', pageNum: 1, pageSize: 1000, queryConditions: [] });
    const first = await q();
    expect(first.json()).toMatchObject({ errCode: 0, datas: [{ company_name: '丙能源', sum_load_ton: 7.5 }, { company_name: '乙物流', sum_load_ton: 5 }, { company_name: '甲化工', sum_load_ton: 60 }] });
    expect(first.json().x).toBeUndefined();
    // A row written behind the platform's back (no form_event) is not seen: the result is cached.
    await t.sql.query(`insert into ${table} (company_name, load_ton, company_id) values ('乙物流', 100, 1)`);
    expect((await q()).json().datas[1]).toEqual({ company_name: '乙物流', sum_load_ton: 5 });
    // A record added through the form drops the cached result, within REPORT_STAMP_MAX_AGE_MS.
    const added = await t.call(admin, 'POST', `/api/form/addformdata/${formId}`, { company_name: '乙物流', load_ton: '1' });
    expect(added.json(), added.body).toMatchObject({ errCode: 0 });
    const since = performance.now();
    while ((await q()).json().datas[1].sum_load_ton !== 106) {
      expect(performance.now() - since).toBeLessThan(t.booted.ctx.config.report.stampMaxAgeMs + 1000);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await q()).json().datas[1]).toEqual({ company_name: '乙物流', sum_load_ton: 106 });
    await t.sql.query(`delete from ${table} where load_ton in (100, 1)`);
    await t.sql.query(`insert into form_event (form_id, record_id, op) values ($1, 0, 'delete')`, [formId]);
  });

  it('a user reads a report only when one of their roles was given it; designers always', async () => {
    const role = await roleWithMenus(t, admin, '报表读者', []);
    const user = await addUser(t, admin, 'report_reader', { roleIds: [] });
    const cookie = await t.login(user.username, user.password);
    const q = () => t.call(cookie, 'POST', '/api/report/datareport/queryreportdata', { reportId, widgetId: 'w1' });
    expect((await q()).statusCode).toBe(403);
    expect((await q()).json().errMsg).toBe('您无权查看该报表');
    const saved = await t.call(admin, 'POST', '/api/report/reportpermission/save', { reportId, roleIds: [role] });
    expect(saved.json(), saved.body).toMatchObject({ errCode: 0 });
    expect((await t.call(admin, 'POST', '/api/report/reportpermission/query', { reportId })).json().roleIds).toEqual([role]);
    await t.sql.query(`insert into sys_user_role (user_id, role_id) values ($1, $2)`, [user.id, role]);
    const cookie2 = await t.login(user.username, user.password);
    const ok = await t.call(cookie2, 'POST', '/api/report/datareport/queryreportdata', { reportId, widgetId: 'w1' });
    expect(ok.json(), ok.body).toMatchObject({ errCode: 0 });
    // Datasets and datasources stay administrators'.
    expect((await t.call(cookie2, 'GET', '/api/report/datasource/query')).statusCode).toBe(403);
    expect((await t.call(cookie2, 'POST', '/api/report/datareport/previewreportdata', { datareport: chart() })).statusCode).toBe(403);
  });

  it('a company user sees only their company’s form rows in a report', async () => {
    const user = await addUser(t, admin, 'company_reader');
    await t.sql.query(`update sys_user set user_type = 1, company_id = 2 where id = $1`, [user.id]);
    await t.sql.query(`insert into sys_user_role (user_id, role_id) select $1, role_id from report_permission where report_id = $2`, [user.id, reportId]);
    const cookie = await t.login(user.username, user.password);
    const res = await t.call(cookie, 'POST', '/api/report/datareport/queryreportdata', { reportId, widgetId: 'w1' });
    expect(res.json(), res.body).toMatchObject({ errCode: 0, datas: [{ company_name: '丙能源', sum_load_ton: 7.5 }] });
  });

  it('obeys the data scope the report was given with (仅本人, 本组织及下级), or the broader view scope of the form', async () => {
    const org = async (name: string, parent: string | null) => String((await t.sql.query(`insert into sys_org (org_name, parent_id) values ($1, $2) returning id`, [name, parent])).rows[0].id);
    const plant = await org('一厂', null);
    const workshop = await org('一厂车间', plant);
    const other = await org('二厂', null);
    const reader = async (name: string, scope: string, orgId: string | null, moreRoles: number[] = []) => {
      const role = await roleWithMenus(t, admin, `${name}角色`, []);
      await t.sql.query(`update sys_role set data_scope = $2 where id = $1`, [role, scope]);
      await t.sql.query(`insert into report_permission (report_id, role_id) values ($1, $2)`, [reportId, role]);
      const user = await addUser(t, admin, name, { roleIds: [role, ...moreRoles], ...(orgId ? { orgIds: [Number(orgId)] } : {}) });
      return { id: String(user.id), cookie: await t.login(user.username, user.password) };
    };
    const self = await reader('self_reader', 'self', null);
    const orgReader = await reader('org_reader', 'org', plant);
    // 甲化工's rows: 10 by self_reader in 一厂车间, 20 in 二厂, 30 in 一厂; the other companies' rows nobody's.
    await t.sql.query(`update ${table} set create_by = $1, org_id = $2 where load_ton = 10`, [self.id, workshop]);
    await t.sql.query(`update ${table} set org_id = $1 where load_ton = 20`, [other]);
    await t.sql.query(`update ${table} set org_id = $1 where load_ton = 30`, [plant]);
    await t.sql.query(`insert into form_event (form_id, record_id, op) values ($1, 0, 'update')`, [formId]);
    // A widget call trusts the data stamp it read for REPORT_STAMP_MAX_AGE_MS: on a quick machine the
    // first test's cached 乙物流 106 (its rows since deleted) was still that stamp's answer here.
    await new Promise((r) => setTimeout(r, t.booted.ctx.config.report.stampMaxAgeMs + 100));
    const sums = async (cookie: string) => {
      const res = await t.call(cookie, 'POST', '/api/report/datareport/queryreportdata', { reportId, widgetId: 'w1' });
      expect(res.json(), res.body).toMatchObject({ errCode: 0 });
      return Object.fromEntries((res.json().datas as Array<{ company_name: string; sum_load_ton: number }>).map((r) => [r.company_name, r.sum_load_ton]));
    };
    expect(await sums(self.cookie)).toEqual({ 甲化工: 10 });
    expect(await sums(orgReader.cookie)).toEqual({ 甲化工: 40 });
    // Viewing the form's list with 全部 as well: the broader scope wins.
    await t.sql.query(`insert into sys_menu (name, path, level, menu_type, perms) values ('车辆查看', '/test/vehicle-view', 2, 'button', $1)`, [`form:${formId}:view`]);
    const viewRole = await roleWithMenus(t, admin, '车辆查看', ['/test/vehicle-view']);
    const viewer = await reader('view_reader', 'self', null, [viewRole]);
    expect(await sums(viewer.cookie)).toEqual({ 丙能源: 7.5, 乙物流: 5, 甲化工: 60 });
  });
});

describe('dataset structure follows its form', () => {
  const conf = async () => (await t.call(admin, 'GET', `/api/report/dataset/getconf/${dataset}`)).json().dataSetConf as { version: number; dsMeta: { dim: Array<{ id: string; desc: string }> } };
  const saveDesign = async (list: Array<Record<string, unknown>>) => {
    const res = await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: JSON.stringify({ ...vehicleMeta(), list }) });
    expect(res.json(), res.body).toMatchObject({ errCode: 0 });
  };

  it('takes a relabelled field on the next query; syncDataSetStructure drops a field the form lost', async () => {
    const before = await conf();
    const list = vehicleMeta().list as Array<Record<string, unknown>>;
    list[3] = control('input', '车辆类别', 'kind');
    await saveDesign(list);
    const res = await preview({ classAxis: [axis({ id: 'd3', column: 'kind' })], valueAxis: [axis(m1('count'))] });
    expect(res.json(), res.body).toMatchObject({ errCode: 0 });
    const after = await conf();
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.dsMeta.dim.find((d) => d.id === 'd3')?.desc).toBe('车辆类别');

    await saveDesign(list.filter((c) => c.model !== 'kind'));
    const synced = await t.call(admin, 'POST', '/api/report/dataset/sync', { formId });
    expect(synced.json(), synced.body).toEqual({ errCode: 0, list: [{ id: dataset, removed: ['车辆类别'] }] });
    expect((await conf()).dsMeta.dim.map((d) => d.id)).toEqual(['d1', 'd2']);
  });
});
