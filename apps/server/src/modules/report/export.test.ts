import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import pino from 'pino';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { stopJobs, withJobs } from '../../../test/jobs.ts';
import { ReportExportWorker } from './export/exportWorker.ts';
import { createVehicleForm, saveVehicleDataset, widget } from './testSupport.ts';

/*
 * exportTableReport as a durable job: 100,000 rows, every one in the workbook, through pg-boss, the
 * job thread, the job state and the file download; a job a dead worker left running is run again.
 */

let t: TestApp;
let admin: string;
let reportId: number;
let table: string;
let boss: PgBoss;
const ROWS = 100_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const formId = await createVehicleForm(t, admin);
  await t.sql.query(
    `insert into form_${formId} (company_name, entry_time, load_ton, kind)
     select '企业' || (i % 50), to_char(timestamp '2026-01-01' + i * interval '1 minute', 'YYYY-MM-DD HH24:MI:SS'), i % 100, case when i % 2 = 0 then 'a' else 'b' end
     from generate_series(1, ${ROWS}) i`,
  );
  const dataset = await saveVehicleDataset(t, admin, formId);
  table = `form_${formId}`;
  const tableWidget = widget(
    dataset,
    { smallType: 'table', cols: [{ id: 'd1', table, column: 'company_name' }, { id: 'd2', table, column: 'entry_time' }, { id: 'm1', table, column: 'load_ton' }] },
    { id: 't1', name: '入园明细', type: 'reportWidget', reportType: 'tableReportWidget' },
  );
  const chart = widget(dataset, { classAxis: [{ id: 'd1' }], valueAxis: [{ id: 'm1', aggregate: 'sum' }] }, { id: 'c1' });
  const saved = await t.call(admin, 'POST', '/api/report/datareport/save', { reportName: '明细', settingMeta: { layout: {}, widgets: [tableWidget, chart], version: 1 } });
  reportId = saved.json().reportId;
  boss = await withJobs(t);
}, 120_000);
afterAll(async () => {
  await stopJobs(boss);
  await t.close();
});

async function waitFor(code: string) {
  for (let i = 0; i < 600; i++) {
    const res = await t.call(admin, 'GET', `/api/report/getExportTableReportState/${code}`);
    const state = res.json().exportTableReportState;
    if (state.state !== 'running') return state;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('export did not finish');
}

async function sheetRows(fileId: number): Promise<unknown[][]> {
  const res = await t.call(admin, 'GET', `/api/file/download/${fileId}`);
  expect(res.statusCode).toBe(200);
  const rows: unknown[][] = [];
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(res.rawPayload), {});
  for await (const ws of reader) for await (const row of ws) rows.push((row.values as unknown[]).slice(1));
  return rows;
}

describe('table report export', () => {
  it(`writes all ${ROWS.toLocaleString('en-US')} rows, newest first, with Chinese headers`, async () => {
    const started = await t.call(admin, 'POST', '/api/report/datareport/exportTableReport', { reportId, widgetId: 't1', queryConditions: [] });
    expect(started.json(), started.body).toMatchObject({ errCode: 0 });
    const state = await waitFor(started.json().exportCode);
    expect(state).toMatchObject({ state: 'success', rowsDone: ROWS });
    const rows = await sheetRows(state.fileId);
    expect(rows).toHaveLength(ROWS + 1);
    expect(rows[0]).toEqual(['所属企业', '入园时间', '载重(吨)']);
    expect(rows[1]).toEqual(['企业0', '2026-03-11 10:40:00', 0]);
  }, 120_000);

  it('applies query conditions, and refuses a chart widget', async () => {
    const started = await t.call(admin, 'POST', '/api/report/datareport/exportTableReport', {
      reportId,
      drillingConditions: null,
      widgetId: 't1',
      queryConditions: [{ table, column: 'company_name', matchType: '$eq', value: '企业7' }],
    });
    const state = await waitFor(started.json().exportCode);
    expect(state).toMatchObject({ state: 'success', rowsDone: ROWS / 50 });
    const chart = await t.call(admin, 'POST', '/api/report/datareport/exportTableReport', { reportId, widgetId: 'c1' });
    expect(chart.json().errMsg).toBe('只有表格报表可以导出');
  }, 60_000);

  it('runs again a job whose worker died mid-run (its lease expired), and fails one that kept dying', async () => {
    const conditions = [{ table, column: 'company_name', matchType: '$eq', value: '企业3' }];
    // What a crashed run leaves: running, its lease run out, some rows counted, no file.
    const left = await t.sql.query(
      `insert into report_export (code, report_id, widget_id, created_by, state, params, attempts, lease_owner, lease_until, rows_done)
       values ('re' || md5(random()::text)::char(24), $1, 't1', (select id from sys_user where username = 'admin'), 'running', $2, 1, 'dead', now() - interval '1 second', 5000)
       returning code, id`,
      [reportId, JSON.stringify({ queryConditions: conditions })],
    );
    const worker = new ReportExportWorker(t.booted.ctx, t.databaseUrl, pino({ level: 'silent' }));
    expect(await worker.sweep(boss)).toBeGreaterThanOrEqual(1);
    const state = await waitFor(left.rows[0].code);
    expect(state).toMatchObject({ state: 'success', rowsDone: ROWS / 50 });
    expect((await sheetRows(state.fileId)).length).toBe(ROWS / 50 + 1);

    const dying = await t.sql.query(
      `insert into report_export (code, report_id, widget_id, created_by, state, params, attempts) values ('re' || md5(random()::text)::char(24), $1, 't1', 1, 'pending', '{}', 4) returning code, id`,
      [reportId],
    );
    expect(await worker.run(dying.rows[0].id)).toBe('ran');
    expect(await waitFor(dying.rows[0].code)).toMatchObject({ state: 'failed', reason: '导出任务多次中断，已停止，请重新导出' });
    await worker.stop();
  }, 60_000);
});
