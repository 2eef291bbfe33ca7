import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { ensureCompany } from '../../../test/companies.ts';
import { addUser, roleWithMenus } from '../admin/testHelpers.ts';
import { REPORT_BATCH_MAX } from './datareport.routes.ts';
import { SoloRule } from './query/solo.ts';
import { createVehicleForm, saveVehicleDataset, widget } from './testSupport.ts';

/*
 * queryreportdatabatch (ADR 0023): a page of a published report's widgets in one call, each answered
 * as its own queryreportdata would be (data, error or pending), under the same access, scope and caps.
 */

let t: TestApp;
let admin: string;
let table: string;
let reportId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const formId = await createVehicleForm(t, admin);
  table = `form_${formId}`;
  await ensureCompany(t.sql, 1);
  await ensureCompany(t.sql, 2);
  for (const [c, l, k, company] of [
    ['甲化工', 10, 'a', 1],
    ['甲化工', 20, 'b', 1],
    ['乙物流', 5, 'a', 1],
    ['丙能源', 7.5, 'b', 2],
  ] as const) {
    await t.sql.query(`insert into ${table} (company_name, entry_time, load_ton, kind, company_id) values ($1, '2026-02-03 09:00:00', $2, $3, $4)`, [c, l, k, company]);
  }
  const dataset = await saveVehicleDataset(t, admin, formId);
  const axis = (x: Record<string, unknown>) => ({ ...x, table });
  const sum = axis({ id: 'm1', column: 'load_ton', dataType: 'Number', aggregate: 'sum' });
  const byCompany = widget(dataset, { classAxis: [axis({ id: 'd1', column: 'company_name', dataType: 'String' })], valueAxis: [sum] }, { id: 'w1' });
  const byKind = widget(dataset, { classAxis: [axis({ id: 'd3', column: 'kind', dataType: 'String' })], valueAxis: [sum] }, { id: 'w2', querySize: 1 });
  // A month level on a text column: refused by the query checker with its own message.
  const broken = widget(dataset, { classAxis: [axis({ id: 'd1', column: 'company_name', dataType: 'String', dateDim: 'month' })], valueAxis: [sum] }, { id: 'w3' });
  const saved = await t.call(admin, 'POST', '/api/report/datareport/save', {
    reportName: '批量报表',
    settingMeta: { layout: { rows: [] }, widgets: [byCompany, byKind, broken], themeId: 1, version: 1 },
  });
  expect(saved.json(), saved.body).toMatchObject({ errCode: 0 });
  reportId = saved.json().reportId;
});
afterAll(() => t.close());

const body = { pageNum: 1, pageSize: 1000, queryConditions: [], superConditions: [], drillingConditions: null };
const batch = (cookie: string, widgets: Array<Record<string, unknown>>) => t.call(cookie, 'POST', '/api/report/datareport/queryreportdatabatch', { reportId, widgets });
const single = (cookie: string, w: Record<string, unknown>) => t.call(cookie, 'POST', '/api/report/datareport/queryreportdata', { reportId, ...w });
/** A result as one widget call answers it, without the parts that differ between two calls. */
const comparable = (r: Record<string, unknown>) => {
  const { computedAt: _c, cached: _k, widgetId: _w, ...rest } = r;
  return rest;
};

describe('queryreportdatabatch', () => {
  it('answers each widget as its own call would: data, truncation, conditions, and its own error', async () => {
    const asked = [
      { widgetId: 'w1', ...body },
      { widgetId: 'w2', ...body },
      { widgetId: 'w1', ...body, queryConditions: [{ table, column: 'company_name', dataType: 'String', condType: 'single', matchType: '$eq', value: '甲化工' }] },
      { widgetId: 'w3', ...body },
      { widgetId: 'nope', ...body },
    ];
    const res = await batch(admin, asked);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results as Array<Record<string, unknown>>;
    expect(results.map((r) => r.widgetId)).toEqual(['w1', 'w2', 'w1', 'w3', 'nope']);
    expect(results[0]).toMatchObject({ errCode: 0, datas: [{ company_name: '丙能源', sum_load_ton: 7.5 }, { company_name: '乙物流', sum_load_ton: 5 }, { company_name: '甲化工', sum_load_ton: 30 }] });
    expect(results[1]).toMatchObject({ errCode: 0, truncated: true });
    expect(results[1]!.datas).toHaveLength(1);
    expect(results[2]).toMatchObject({ errCode: 0, datas: [{ company_name: '甲化工', sum_load_ton: 30 }] });
    for (const [i, w] of asked.entries()) {
      const one = await single(admin, w);
      if (one.statusCode === 200) expect(comparable(results[i]!)).toEqual(comparable(one.json()));
      else expect(results[i]).toEqual({ widgetId: w.widgetId, errCode: one.statusCode, errMsg: one.json().errMsg });
    }
    expect(results[3]).toMatchObject({ errCode: 400 });
    expect(results[4]).toEqual({ widgetId: 'nope', errCode: 404, errMsg: '报表中不存在该控件' });
    // Asked again, every widget comes from the result cache.
    const again = (await batch(admin, asked.slice(0, 3))).json().results as Array<Record<string, unknown>>;
    expect(again.map((r) => r.cached)).toEqual([true, true, true]);
  });

  it('a user without the report refused for the whole batch (403); with it, reads it in their data scope', async () => {
    const user = await addUser(t, admin, 'batch_reader', { roleIds: [] });
    const denied = await batch(await t.login(user.username, user.password), [{ widgetId: 'w1', ...body }]);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errMsg).toBe('您无权查看该报表');
    const role = await roleWithMenus(t, admin, '批量报表读者', []);
    expect((await t.call(admin, 'POST', '/api/report/reportpermission/save', { reportId, roleIds: [role] })).json()).toMatchObject({ errCode: 0 });
    await t.sql.query(`insert into sys_user_role (user_id, role_id) values ($1, $2)`, [user.id, role]);
    // A company user: only their company's rows, in the batch as in a single call.
    await t.sql.query(`update sys_user set user_type = 1, company_id = 2 where id = $1`, [user.id]);
    const cookie = await t.login(user.username, user.password);
    const ok = await batch(cookie, [{ widgetId: 'w1', ...body }]);
    expect(ok.json(), ok.body).toMatchObject({ errCode: 0, results: [{ widgetId: 'w1', errCode: 0, datas: [{ company_name: '丙能源', sum_load_ton: 7.5 }] }] });
  });

  it('caps the batch size with a Chinese message and refuses an empty or unknown report', async () => {
    const many = Array.from({ length: REPORT_BATCH_MAX + 1 }, () => ({ widgetId: 'w1', ...body }));
    const tooMany = await batch(admin, many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errMsg).toBe(`一次最多查询${REPORT_BATCH_MAX}个报表控件`);
    expect((await batch(admin, [])).statusCode).toBe(400);
    const unknown = await t.call(admin, 'POST', '/api/report/datareport/queryreportdatabatch', { reportId: 999999, widgets: [{ widgetId: 'w1' }] });
    expect(unknown.statusCode).toBe(404);
  });

  it('a widget whose query is still running after REPORT_BATCH_WAIT_MS is answered pending; its own call then gets the data', async () => {
    const settings = t.booted.ctx.config.report;
    const wait = settings.batchWaitMs;
    settings.batchWaitMs = 0;
    // The query must still be running when the wait ends: on a quick idle machine it finished inside
    // a 0 ms wait. A lock on the table holds it until the batch has answered.
    const blocker = await t.sql.connect();
    try {
      await blocker.query('begin');
      await blocker.query(`lock table ${table} in access exclusive mode`);
      const fresh = { widgetId: 'w1', ...body, queryConditions: [{ table, column: 'kind', dataType: 'String', condType: 'single', matchType: '$eq', value: 'b' }] };
      const res = await batch(admin, [fresh]);
      expect(res.json(), res.body).toEqual({ errCode: 0, results: [{ widgetId: 'w1', pending: true }] });
      await blocker.query('rollback');
      const one = await single(admin, fresh);
      expect(one.json(), one.body).toMatchObject({ errCode: 0, datas: [{ company_name: '丙能源', sum_load_ton: 7.5 }, { company_name: '甲化工', sum_load_ton: 20 }] });
    } finally {
      await blocker.query('rollback').catch(() => undefined);
      blocker.release();
      settings.batchWaitMs = wait;
    }
  });
});

describe('the solo rule (ADR 0023)', () => {
  it('sends a query to the solo connection only with no other report work and no other request for the quiet time', () => {
    const db = t.booted.ctx.reports.connections.solo!;
    const rule = new SoloRule(db, 250);
    expect(rule.dbFor(false, 1000)).toBe(db);
    expect(rule.dbFor(true, 1000)).toBeNull();
    rule.noteRequest(1000);
    expect(rule.dbFor(false, 1100)).toBeNull();
    expect(rule.dbFor(false, 1250)).toBe(db);
    expect(new SoloRule(null, 250).dbFor(false, 5000)).toBeNull(); // REPORT_SOLO_PARALLEL_WORKERS not above REPORT_PARALLEL_WORKERS
  });

  it('the solo connection has parallel workers and is read-only like every report session; the others keep none', async () => {
    const { platform, solo } = t.booted.ctx.reports.connections;
    const settings = (db: typeof platform) =>
      sql<{ workers: string; ro: string; app: string }>`select current_setting('max_parallel_workers_per_gather') as workers,
        current_setting('default_transaction_read_only') as ro, current_setting('application_name') as app`.execute(db);
    expect((await settings(solo!)).rows[0]).toEqual({ workers: '2', ro: 'on', app: 'park-report' });
    expect((await settings(platform)).rows[0]).toEqual({ workers: '0', ro: 'on', app: 'park-report' });
  });
});
