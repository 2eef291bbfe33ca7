import { createRequire } from 'node:module';
import { writeFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { ensureCompany } from '../../../test/companies.ts';
import type { Database } from '../../db/schema.ts';
import { createVehicleForm, saveVehicleDataset, widget } from '../report/testSupport.ts';
import { autoReportTick } from './index.ts';

/*
 * 自动报表 and 订阅 against the real server and database: the dialog's rules on the server, the
 * permission, the tenant boundary of recipients, a run's message with its Excel (the widget's own
 * rows), one run per period with two runners, a dashboard picture, and a subscription.
 */
let t: TestApp;
let admin: string;
let reportId: number;
let dashboardId: number;
let receiverId: string;
let receiver: string;
let table: string;

const PASSWORD_OF_ADMIN = `(select password_hash from sys_user where username = 'admin')`;
const schedule = (over: Record<string, unknown> = {}) => ({
  name: '车辆日报',
  reportId,
  target: 'excel',
  widgetId: 't1',
  frequency: { every: 'day', time: '08:00' },
  recipients: { users: [receiverId], roles: [], orgs: [] },
  ...over,
});
const save = (cookie: string, body: Record<string, unknown>) => t.call(cookie, 'POST', '/api/report/autoReport/save', body);
const inboxOf = async (userId: string, title: string) =>
  (await t.sql.query(`select id, params, menu_url from msg_message where receiver_id = $1 and title = $2 order by id`, [userId, title])).rows;

async function sheetRows(cookie: string, fileId: number): Promise<unknown[][]> {
  const res = await t.call(cookie, 'GET', `/api/file/download/${fileId}`);
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const formId = await createVehicleForm(t, admin, '自动报表车辆');
  table = `form_${formId}`;
  await t.sql.query(
    `insert into ${table} (company_name, entry_time, load_ton, kind)
     select '企业' || i, '2026-11-0' || (1 + i % 9) || ' 08:00:00', i * 2, 'a' from generate_series(1, 12) i`,
  );
  const dataset = await saveVehicleDataset(t, admin, formId);
  const tableWidget = widget(
    dataset,
    { smallType: 'table', cols: [{ id: 'd1', table, column: 'company_name' }, { id: 'm1', table, column: 'load_ton' }] },
    { id: 't1', name: '入园明细', type: 'reportWidget', reportType: 'tableReportWidget', x: 1, y: 1, sizex: 76, sizey: 20 },
  );
  const chart = widget(dataset, { classAxis: [{ id: 'd1', table, column: 'company_name' }], valueAxis: [{ id: 'm1', table, column: 'load_ton', aggregate: 'sum' }] }, { id: 'c1', name: '载重分布', reportType: 'columnReportWidget', x: 1, y: 1, sizex: 38, sizey: 20 });
  const saved = await t.call(admin, 'POST', '/api/report/datareport/save', { reportName: '车辆明细', settingMeta: { layout: {}, widgets: [tableWidget, chart], version: 1 } });
  expect(saved.json(), saved.body).toMatchObject({ errCode: 0 });
  reportId = saved.json().reportId;
  const pie = { ...chart, id: 'c2', name: '占比', reportType: 'pieReportWidget', x: 39, data: { ...(chart.data as object), smallType: 'pie' } };
  const dash = await t.call(admin, 'POST', '/api/report/datareport/save', { reportName: '车辆大屏', settingMeta: { layout: {}, widgets: [chart, pie], version: 1 } });
  dashboardId = dash.json().reportId;
  const u = await t.sql.query(`insert into sys_user (username, password_hash, real_name) select 'autorep_receiver', ${PASSWORD_OF_ADMIN}, '报表接收人' returning id`);
  receiverId = String(u.rows[0].id);
  receiver = await t.login('autorep_receiver');
}, 120_000);
afterAll(() => t.close());

describe('自动报表 management', () => {
  it('round-trips a schedule: save, list, edit, 停用, 删除', async () => {
    const created = await save(admin, schedule());
    expect(created.json(), created.body).toMatchObject({ errCode: 0, errMsg: '保存成功' });
    const id = created.json().id;
    const list = (await t.call(admin, 'GET', '/api/report/autoReport/list')).json().datas;
    expect(list.find((s: { id: number }) => s.id === id)).toMatchObject({ name: '车辆日报', reportName: '车辆明细', frequencyText: '每天 08:00', enabled: true, recipients: { users: [receiverId] } });
    await save(admin, schedule({ id, name: '车辆周报', frequency: { every: 'week', time: '09:30', weekDay: 1 } }));
    expect((await t.call(admin, 'GET', `/api/report/autoReport/get/${id}`)).json().data).toMatchObject({ name: '车辆周报', frequencyText: '每周一 09:30' });
    await t.call(admin, 'POST', `/api/report/autoReport/enable/${id}`, { enabled: false });
    expect((await t.call(admin, 'GET', `/api/report/autoReport/get/${id}`)).json().data.enabled).toBe(false);
    expect((await t.call(admin, 'POST', `/api/report/autoReport/delete/${id}`)).json()).toMatchObject({ errCode: 0, errMsg: '删除成功' });
    expect((await t.call(admin, 'GET', `/api/report/autoReport/get/${id}`)).statusCode).toBe(404);
  });

  it('refuses what the dialog refuses, with its Chinese message', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [schedule({ reportId: null }), '请选择报表'],
      [schedule({ recipients: { users: [], roles: [], orgs: [] } }), '请选择接收人'],
      [schedule({ frequency: { every: 'cron', cron: '0 25 * * *' } }), 'cron 不合法'],
      [schedule({ widgetId: 'c1' }), '只能选择表格控件发送 Excel'],
    ];
    for (const [body, msg] of cases) {
      const res = await save(admin, body);
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().errMsg).toBe(msg);
    }
    expect((await t.sql.query(`select count(*)::int n from auto_report`)).rows[0].n).toBe(0);
  });

  it('403 without the permission; a recipient of another tenant is refused', async () => {
    expect((await t.call(receiver, 'GET', '/api/report/autoReport/list')).statusCode).toBe(403);
    expect((await save(receiver, schedule())).statusCode).toBe(403);
    await ensureCompany(t.sql, 9301);
    const other = await t.sql.query(`insert into sys_user (username, password_hash, real_name, user_type, company_id) select 'autorep_tenant', ${PASSWORD_OF_ADMIN}, '租户用户', 2, 9301 returning id`);
    const res = await save(admin, schedule({ recipients: { users: [String(other.rows[0].id)], roles: [], orgs: [] } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errMsg).toBe('接收人不属于本租户');
  });
});

describe('running', () => {
  it('立即发送 delivers one message with an Excel whose rows are the widget\'s data, readable by the recipient only', async () => {
    const id = (await save(admin, schedule({ name: '立即发送测试' }))).json().id;
    const sent = await t.call(admin, 'POST', `/api/report/autoReport/send/${id}`);
    expect(sent.json(), sent.body).toMatchObject({ errCode: 0, errMsg: '已发送', data: { result: '成功', receivers: [receiverId] } });
    const msgs = await inboxOf(receiverId, '自动报表：立即发送测试');
    expect(msgs).toHaveLength(1);
    expect(msgs[0].menu_url).toBe(`/report/view/${reportId}`);
    const fileId = JSON.parse(JSON.stringify(msgs[0].params)).fileId as number;
    const widgetData = (await t.call(admin, 'POST', '/api/report/datareport/queryreportdata', { reportId, widgetId: 't1', pageNum: 1, pageSize: 100 })).json();
    const rows = await sheetRows(receiver, fileId);
    expect(rows[0]).toEqual(['所属企业', '载重(吨)']);
    expect(rows.slice(1)).toEqual(widgetData.datas.map((d: Record<string, unknown>) => [d.company_name, d.load_ton]));
    expect(rows).toHaveLength(13);
    // Someone who was not sent the file may not read it.
    await t.sql.query(`insert into sys_user (username, password_hash, real_name) select 'autorep_stranger', ${PASSWORD_OF_ADMIN}, '旁人'`);
    const stranger = await t.login('autorep_stranger');
    expect((await t.call(stranger, 'GET', `/api/file/download/${fileId}`)).statusCode).toBeGreaterThanOrEqual(403);
    const log = (await t.call(admin, 'GET', `/api/report/autoReport/log/${id}?pageNum=1&pageSize=10`)).json();
    expect(log).toMatchObject({ totalCount: 1, datas: [{ trigger: '立即发送', result: '成功', receivers: ['报表接收人'], error: null }] });
  });

  it('runs a period once with two runners ticking together', async () => {
    const id = String((await save(admin, schedule({ name: '并发测试', frequency: { every: 'day', time: '08:00' } }))).json().id);
    const other = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: t.databaseUrl, max: 4 }) }) });
    try {
      const now = new Date('2026-12-04T02:00:00Z'); // 10:00 in Shanghai
      const ctx = t.booted.ctx;
      const [a, b] = await Promise.all([autoReportTick(ctx, now, id), autoReportTick(ctx, now, id, other)]);
      expect(a.claimed + b.claimed).toBe(1);
      expect(await inboxOf(receiverId, '自动报表：并发测试')).toHaveLength(1);
      expect((await autoReportTick(ctx, new Date('2026-12-04T09:00:00Z'), id)).claimed).toBe(0); // same park day
      expect((await autoReportTick(ctx, new Date('2026-12-04T23:00:00Z'), id)).claimed).toBe(0); // 07:00 next day
      expect((await autoReportTick(ctx, new Date('2026-12-05T00:00:00Z'), id)).claimed).toBe(1); // 08:00 next day
    } finally {
      await other.destroy();
    }
  });

  it('sends a dashboard as a valid PNG of plausible size', async () => {
    const id = (await save(admin, schedule({ name: '大屏图片', reportId: dashboardId, target: 'png', widgetId: null }))).json().id;
    const sent = await t.call(admin, 'POST', `/api/report/autoReport/send/${id}`);
    expect(sent.json(), sent.body).toMatchObject({ errCode: 0, data: { result: '成功' } });
    const res = await t.call(receiver, 'GET', `/api/file/download/${sent.json().data.fileId}`);
    expect(res.statusCode).toBe(200);
    const png = res.rawPayload;
    await writeFile('/tmp/autorep-dashboard.png', png);
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1366 });
    expect(meta.height!).toBeGreaterThan(200);
    expect(png.length).toBeGreaterThan(20_000);
    const stats = await sharp(png).stats();
    // Not a blank picture: the charts drew something.
    expect(stats.channels[0]!.stdev).toBeGreaterThan(5);
  }, 60_000);
});

describe('自动报表 as PDF', () => {
  it('sends a report with a table and a chart as an A4 landscape PDF headed by its name in real text', async () => {
    const id = (await save(admin, schedule({ name: '车辆明细PDF', reportId, target: 'pdf', widgetId: null }))).json().id;
    const sent = await t.call(admin, 'POST', `/api/report/autoReport/send/${id}`);
    expect(sent.json(), sent.body).toMatchObject({ errCode: 0, data: { result: '成功' } });
    const res = await t.call(receiver, 'GET', `/api/file/download/${sent.json().data.fileId}`);
    expect(res.statusCode).toBe(200);
    const bytes = res.rawPayload;
    await writeFile('/tmp/autorep-report.pdf', bytes);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdfjs = (await import(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs'))) as typeof import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false }).promise;
    expect(doc.numPages).toBeGreaterThanOrEqual(1);
    const page = await doc.getPage(1);
    expect((page.view as number[]).slice(2).map(Math.round)).toEqual([842, 595]);
    const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join('');
    expect(text).toContain('车辆明细');
    expect(text).toContain(`第 1/${doc.numPages} 页`);
    const ops = await page.getOperatorList();
    expect(ops.fnArray.filter((f) => f === pdfjs.OPS.paintImageXObject)).toHaveLength(1);
  }, 60_000);

  it('refuses a target it does not know', async () => {
    const res = await save(admin, schedule({ name: 'x', reportId, target: 'svg', widgetId: null }));
    expect(res.json().errCode).not.toBe(0);
  });
});

describe('订阅', () => {
  it('a reader subscribes themselves, sees it in 我的订阅, and cancels it; a subscription is theirs only', async () => {
    await t.call(admin, 'POST', '/api/report/reportpermission/save', { reportId, roleIds: [] }).catch(() => undefined);
    const sub = await t.call(admin, 'POST', '/api/report/subscription/save', { name: '我的车辆日报', reportId, target: 'excel', widgetId: 't1', frequency: { every: 'day', time: '07:30' } });
    expect(sub.json(), sub.body).toMatchObject({ errCode: 0, errMsg: '订阅成功' });
    const mine = (await t.call(admin, 'GET', '/api/report/subscription/mine')).json().datas;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ name: '我的车辆日报', frequencyText: '每天 07:30' });
    // Not in the managed schedules, nor cancellable by someone else.
    expect((await t.call(admin, 'GET', '/api/report/autoReport/list')).json().datas.some((s: { name: string }) => s.name === '我的车辆日报')).toBe(false);
    expect((await t.call(receiver, 'POST', `/api/report/subscription/cancel/${sub.json().id}`)).statusCode).toBe(404);
    // A user who may not read the report cannot subscribe to it.
    expect((await t.call(receiver, 'POST', '/api/report/subscription/save', { name: 'x', reportId, target: 'excel', widgetId: 't1', frequency: { every: 'day', time: '07:30' } })).statusCode).toBe(403);
    expect((await t.call(admin, 'POST', `/api/report/subscription/cancel/${sub.json().id}`)).json()).toMatchObject({ errCode: 0 });
    expect((await t.call(admin, 'GET', '/api/report/subscription/mine')).json().datas).toHaveLength(0);
  });
});
