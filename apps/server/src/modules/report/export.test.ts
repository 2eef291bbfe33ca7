import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { createVehicleForm, saveVehicleDataset, widget } from './testSupport.ts';

/* exportTableReport at 100,000 rows: every row in the workbook, through the job state and the file download. */

let t: TestApp;
let admin: string;
let reportId: number;
let table: string;
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
}, 120_000);
afterAll(() => t.close());

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
});
