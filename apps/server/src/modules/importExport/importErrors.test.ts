import ExcelJS from './excel.ts';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { addUser } from '../admin/testHelpers.ts';
import { stopJobs, withJobs } from '../../../test/jobs.ts';
import { control, createForm, download, uploadImport, waitForJob } from './testSupport.ts';

let t: TestApp;
let boss: PgBoss;
let admin: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  boss = await withJobs(t);
  admin = await t.login();
  const user = await addUser(t, admin, 'ie_errors_other');
  other = await t.login(user.username, user.password);
});
afterAll(async () => {
  await stopJobs(boss);
  await t.close();
});

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('主表');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('GET /api/form/importErrors/{formId} (issue 26)', () => {
  it("lists the caller's own imports whose rejected rows can still be downloaded, newest first", async () => {
    const meta = { list: [control('input', '设备名称', 'device', { required: true }), control('input', '位置', 'place')], config: {} };
    const formId = await createForm(t, admin, '设备巡检记录-导入错误', meta);
    expect((await t.call(admin, 'GET', `/api/form/importErrors/${formId}`)).json()).toEqual({ errCode: 0, datas: [] });

    const clean = await uploadImport(t, admin, formId, '好.xlsx', await workbook([['设备名称', '位置'], ['一号泵', '甲区']]));
    await waitForJob(t, admin, clean.json().importExportCode, 2);
    const partly = await uploadImport(t, admin, formId, '差.xlsx', await workbook([['设备名称', '位置'], ['二号泵', '乙区'], [null, '丙区']]));
    const code = partly.json().importExportCode as string;
    expect(await waitForJob(t, admin, code, 2)).toMatchObject({ state: 'part_success', okRows: 1, badRows: 1 });

    const listed = (await t.call(admin, 'GET', `/api/form/importErrors/${formId}`)).json();
    expect(listed.datas).toEqual([{ code, okRows: 1, badRows: 1, finishTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) }]);
    expect((await download(t, admin, `${code}_error.xlsx`)).statusCode).toBe(200);

    // Someone else's imports are not theirs to see.
    expect((await t.call(other, 'GET', `/api/form/importErrors/${formId}`)).json().datas).toEqual([]);

    // Once the collector took the workbook, the job no longer offers it.
    await t.sql.query('update form_import_export set error_file_id = null where code = $1', [code]);
    expect((await t.call(admin, 'GET', `/api/form/importErrors/${formId}`)).json().datas).toEqual([]);
    expect((await t.call(admin, 'GET', '/api/form/importErrors/abc')).statusCode).toBe(400);
  });
});
