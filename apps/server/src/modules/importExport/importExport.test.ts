import ExcelJS from './excel.ts';
import type * as XL from 'exceljs';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { pdf } from '../../../test/sampleFiles.ts';
import { addUser } from '../admin/testHelpers.ts';
import { stopJobs, withJobs } from '../../../test/jobs.ts';
import {
  control,
  createForm,
  download,
  sampleMeta,
  sheetXml,
  uploadImport,
  waitForJob,
  xlsxParts,
  zipOf,
} from './testSupport.ts';

let t: TestApp;
let boss: PgBoss;
let admin: string;
let other: string;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function addRecord(formId: number, fields: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/form/addformdata/${formId}`,
    headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
  });
  expect(res.json(), res.body).toMatchObject({ errCode: 0 });
}

async function workbookOf(bytes: Buffer): Promise<XL.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

function rowTexts(ws: XL.Worksheet, r: number): unknown[] {
  return (ws.getRow(r).values as unknown[]).slice(1);
}

beforeAll(async () => {
  t = await createTestApp();
  boss = await withJobs(t);
  admin = await t.login();
  const user = await addUser(t, admin, 'ie_other');
  other = await t.login(user.username, user.password);
});
afterAll(async () => {
  await stopJobs(boss);
  await t.close();
});

/** The sample form with a sub-table 检查明细 (items: 检查项, 结果). */
function withItems() {
  const meta = sampleMeta();
  (meta.list as unknown[]).push({
    type: 'table',
    name: '检查明细',
    key: 'k_items',
    model: 'items',
    options: {},
    tableColumns: [
      control('input', '检查项', 'item_name', { required: true }),
      control('select', '结果', 'item_result', { options: [{ value: 'ok', label: '合格' }, { value: 'bad', label: '不合格' }] }),
    ],
  });
  return meta;
}

const record = (name: string, level: string, extra: Record<string, string> = {}) => ({
  f_name: name,
  f_level: level,
  f_tags: 'a,b',
  f_on: '0',
  f_date: '2026-11-21',
  f_qty: '12.5',
  f_org: '2',
  f_org_label: '安全监管科',
  f_sex: '0',
  f_sex_label: '男',
  f_orgs: JSON.stringify([{ k: '2', v: '安全监管科' }, { k: '3', v: '应急管理办' }]),
  province: '湖北省',
  province_code: '420000',
  city: '宜昌市',
  city_code: '420500',
  area: '西陵区',
  area_code: '420502',
  lat: '30.7',
  lng: '111.29',
  address: '发展大道',
  f_note: '普通备注',
  ...extra,
});

describe('export', () => {
  let formId: number;
  let code: string;

  beforeAll(async () => {
    formId = await createForm(t, admin, '储罐巡检导出', sampleMeta());
    await addRecord(formId, record('一号罐', '1', { f_note: '=1+1' }));
    await addRecord(formId, record('二号罐', '1', { f_on: '1' }));
    await addRecord(formId, record('三号罐', '2'));
    await addRecord(formId, record('四号罐', '1', { f_note: '@cmd' }));
  });

  it('starts a job and answers with its code; the state reaches success', async () => {
    const res = await t.call(admin, 'POST', '/api/form/exportForm', {
      formId,
      queryConditions: [{ key: 'f_level', type: '$eq', value: '1' }],
    });
    expect(res.json(), res.body).toMatchObject({ errCode: 0 });
    code = res.json().importExportCode;
    expect(code).toMatch(/^ie[0-9a-z]{25}$/);
    const state = await waitForJob(t, admin, code, 1);
    expect(state).toMatchObject({ state: 'success', total: 3, done: 3 });
    expect(state.fileId).toEqual(expect.any(Number));
  });

  it('downloads the workbook by code, with labels, the filter applied and formulas escaped', async () => {
    const res = await download(t, admin, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('储罐巡检导出.xlsx'));
    const ws = await workbookOf(res.rawPayload);
    expect(rowTexts(ws, 1)).toEqual(['名称', '级别', '标签', '启用', '日期', '数量', '部门', '性别', '协办部门', '区划', '位置', '备注']);
    const rows = [2, 3, 4].map((r) => rowTexts(ws, r));
    expect(ws.actualRowCount).toBe(4); // header + the three records with 级别 一级
    const first = rows.find((r) => r[0] === '一号罐')!;
    expect(first).toEqual(['一号罐', '一级', '甲、乙', '运行', '2026-11-21', 12.5, '安全监管科', '男', '安全监管科、应急管理办', '湖北省/宜昌市/西陵区', '发展大道(30.7,111.29)', "'=1+1"]);
    expect(rows.find((r) => r[0] === '二号罐')![3]).toBe('停运');
    expect(rows.find((r) => r[0] === '四号罐')![11]).toBe("'@cmd");
    expect(rows.some((r) => r[0] === '三号罐')).toBe(false);
  });

  it('keeps the job and its file from other users, and writes one operation-log row', async () => {
    expect((await t.call(other, 'GET', `/api/form/getImportExportState/${code}/1`)).statusCode).toBe(404);
    expect((await download(t, other, code)).statusCode).toBe(404);
    expect((await t.call(admin, 'GET', `/api/form/getImportExportState/${code}/2`)).statusCode).toBe(404);
    const log = await t.sql.query(`select action, detail, result from sys_operation_log where target_id = $1`, [code]);
    expect(log.rows).toHaveLength(1);
    expect(log.rows[0]).toMatchObject({ action: 'Excel导出表单数据', result: 0, detail: { state: 'success', rows: 3 } });
  });

  it('refuses a filter on an unknown field with 400 before any job starts', async () => {
    const res = await t.call(admin, 'POST', '/api/form/exportForm', { formId, queryConditions: [{ key: 'nope', type: '$eq', value: '1' }] });
    expect(res.statusCode).toBe(400);
  });

  it('writes one sheet per sub-table, each child row naming its parent\'s row in the main sheet', async () => {
    const id = await createForm(t, admin, '带子表的导出', withItems());
    const addWithChildren = async (name: string, level: string, items: Array<[string, string]>) => {
      const res = await t.call(admin, 'POST', `/api/form/addpcformdata/${id}`, {
        parent: record(name, level),
        child: [{ subKey: 'items', subDatas: items.map(([item_name, item_result]) => ({ item_name, item_result })) }],
      });
      expect(res.json(), res.body).toMatchObject({ errCode: 0 });
    };
    await addWithChildren('甲罐', '1', [['液位计', 'ok'], ['呼吸阀', 'bad']]);
    await addWithChildren('乙罐', '2', []);
    await addWithChildren('丙罐', '1', [['=HYPERLINK("x")', 'ok']]);

    const res = await t.call(admin, 'POST', '/api/form/exportForm', { formId: id, queryConditions: [{ key: 'f_level', type: '$eq', value: '1' }] });
    const c = res.json().importExportCode;
    expect(await waitForJob(t, admin, c, 1)).toMatchObject({ state: 'success', total: 2, done: 2 });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download(t, admin, c)).rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['带子表的导出', '检查明细']);
    const main = book.worksheets[0]!;
    expect([2, 3].map((r) => rowTexts(main, r)[0])).toEqual(['甲罐', '丙罐']);
    const items = book.worksheets[1]!;
    expect(rowTexts(items, 1)).toEqual(['主表行号', '检查项', '结果']);
    // Only the children of exported parents, each pointing at its parent's row; labels, formulas escaped.
    expect([2, 3, 4].map((r) => rowTexts(items, r))).toEqual([
      [2, '液位计', '合格'],
      [2, '呼吸阀', '不合格'],
      [3, '\'=HYPERLINK("x")', '合格'],
    ]);
    expect(items.actualRowCount).toBe(4);

    // The workbook imports into a form of the same design: records and their children.
    const target = await createForm(t, admin, '带子表的导入', withItems());
    const imported = await uploadImport(t, admin, target, '带子表.xlsx', (await download(t, admin, c)).rawPayload);
    expect(await waitForJob(t, admin, imported.json().importExportCode, 2)).toMatchObject({ state: 'success', okRows: 2, badRows: 0 });
    const children = await t.sql.query(
      `select p.f_name, c.item_name, c.item_result from "form_${target}__items" c join "form_${target}" p on p.id = c.parent_id order by c.id`,
    );
    expect(children.rows).toEqual([
      { f_name: '甲罐', item_name: '液位计', item_result: 'ok' },
      { f_name: '甲罐', item_name: '呼吸阀', item_result: 'bad' },
      { f_name: '丙罐', item_name: '=HYPERLINK("x")', item_result: 'ok' },
    ]);
    const events = await t.sql.query(`select sub_key, count(*)::int n from form_event where form_id = $1 group by sub_key order by sub_key`, [target]);
    expect(events.rows).toEqual([{ sub_key: 'items', n: 3 }, { sub_key: null, n: 2 }]);
  });

  it('applies exportSettings: column list, start row and column, rules', async () => {
    const widget = {
      id: 'w1',
      type: 'reportWidget',
      reportType: 'tableReportWidget',
      data: {
        reportSettings: {
          exportSettings: {
            list: [{ key: 'f_name', name: '罐名' }, { key: 'f_level' }, { key: 'f_on' }, { key: 'create_time' }],
            startRow: 3,
            startColumn: 2,
            exportRules: [{ key: 'f_level', type: 'value' }, { key: 'f_on', mapping: { '0': '是', '1': '否' } }],
          },
        },
      },
    };
    const id = await createForm(t, admin, '带设置的导出', sampleMeta({ sensorSettingsV2: { widgets: [widget] } }));
    await addRecord(id, record('五号罐', '2'));
    const res = await t.call(admin, 'POST', '/api/form/exportForm', { formId: id, widgetId: 'w1' });
    const c = res.json().importExportCode;
    expect(await waitForJob(t, admin, c, 1)).toMatchObject({ state: 'success' });
    const ws = await workbookOf((await download(t, admin, c)).rawPayload);
    expect(rowTexts(ws, 2)).toEqual([undefined, '罐名', '级别', '启用', '创建时间']);
    const data = rowTexts(ws, 3);
    expect(data.slice(0, 4)).toEqual([undefined, '五号罐', '2', '是']);
    expect(String(data[4])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe('import', () => {
  let formId: number;

  beforeAll(async () => {
    formId = await createForm(t, admin, '储罐巡检导入', sampleMeta());
  });

  it('serves a template with the headers and filling notes', async () => {
    const res = await t.call(admin, 'GET', `/api/form/exportFormTemplate/${formId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    expect(rowTexts(ws, 1)).toEqual(['名称', '级别', '标签', '启用', '日期', '数量', '部门', '性别', '协办部门', '区划', '位置', '备注']);
    expect(String(ws.getCell('A1').note)).toContain('必填');
    expect(String(ws.getCell('B1').note)).toContain('一级、二级');
    expect(book.worksheets[1]!.name).toBe('填写说明');
  });

  it('imports 50 rows with 3 bad ones: part_success, 47 records and events, an error workbook of exactly those 3', async () => {
    const template = await t.call(admin, 'GET', `/api/form/exportFormTemplate/${formId}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    const bad = new Map<number, string>([
      [10, 'name'],
      [20, 'level'],
      [30, 'qty'],
    ]);
    for (let i = 1; i <= 50; i++) {
      const r = i + 1;
      const flaw = bad.get(i);
      ws.getRow(r).values = [
        flaw === 'name' ? null : `导入罐${i}`,
        flaw === 'level' ? '五级' : i % 2 ? '一级' : '二级',
        '甲、丙',
        i % 3 ? '运行' : '停运',
        new Date(Date.UTC(2026, 10, (i % 28) + 1)),
        flaw === 'qty' ? 5000 : i,
        '安全监管科',
        '女',
        '安全监管科、综合办公室',
        '湖北省/宜昌市/西陵区',
        `发展大道${i}号(30.7,111.29)`,
        i === 5 ? "'=SUM(A1)" : `备注${i}`,
      ];
    }
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const res = await uploadImport(t, admin, formId, '巡检数据.xlsx', bytes);
    expect(res.json(), res.body).toMatchObject({ errCode: 0 });
    const code = res.json().importExportCode as string;
    const state = await waitForJob(t, admin, code, 2);
    expect(state).toMatchObject({ state: 'part_success', total: 50, done: 50, okRows: 47, badRows: 3 });
    expect(state.errorFileId).toEqual(expect.any(Number));

    const table = `form_${formId}`;
    const rows = (await t.sql.query(`select * from "${table}" order by id`)).rows;
    expect(rows).toHaveLength(47);
    expect(new Set(rows.map((r) => r.f_name)).size).toBe(47);
    const one = rows.find((r) => r.f_name === '导入罐1')!;
    expect(one).toMatchObject({
      f_level: '1',
      f_tags: 'a,c',
      f_on: '0',
      f_date: '2026-11-02',
      f_org: '2',
      f_org_label: '安全监管科',
      f_sex: '1',
      f_sex_label: '女',
      province_code: '420000',
      city_code: '420500',
      area_code: '420502',
      area: '西陵区',
      lat: '30.7',
      lng: '111.29',
      address: '发展大道1号',
    });
    expect(Number(one.f_qty)).toBe(1);
    expect(JSON.parse(one.f_orgs).map((o: { v: string }) => o.v)).toEqual(['安全监管科', '综合办公室']);
    expect(rows.find((r) => r.f_name === '导入罐5')!.f_note).toBe('=SUM(A1)');
    expect(rows.find((r) => r.f_name === '导入罐3')!.f_on).toBe('1');
    const events = await t.sql.query(`select count(*)::int n from form_event where form_id = $1 and op = 'insert'`, [formId]);
    expect(events.rows[0].n).toBe(47);

    const errors = await download(t, admin, `${code}_error`);
    expect(errors.statusCode, errors.body).toBe(200);
    // Named {表单名}_error.xlsx (spec 002 §4, issue 42), whatever path fetched it.
    expect(errors.headers['content-disposition']).toContain(encodeURIComponent('储罐巡检导入_error.xlsx'));
    expect(errors.headers['content-disposition']).not.toContain(code);
    const ews = await workbookOf(errors.rawPayload);
    expect(ews.actualRowCount).toBe(4);
    const header = rowTexts(ews, 1);
    expect(header.slice(-2)).toEqual(['错误原因', '原行号']);
    const listed = [2, 3, 4].map((r) => rowTexts(ews, r));
    expect(listed.map((r) => r[13])).toEqual([11, 21, 31]);
    expect(listed.map((r) => r[0])).toEqual([undefined, '导入罐20', '导入罐30']);
    expect(String(listed[0]![12])).toContain('名称');
    expect(String(listed[1]![12])).toContain('五级');
    expect(String(listed[2]![12])).toMatch(/数量|1000/);
    expect(listed[1]![4]).toBe('2026-11-21'); // dates as the text they would import as

    const log = await t.sql.query(`select action, detail from sys_operation_log where target_id = $1`, [code]);
    expect(log.rows).toHaveLength(1);
    expect(log.rows[0]).toMatchObject({ action: 'Excel导入表单数据', detail: { okRows: 47, badRows: 3 } });
  });

  it('imports the rows of a re-filled error workbook once corrected', async () => {
    const before = (await t.sql.query(`select count(*)::int n from "form_${formId}"`)).rows[0].n;
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('修改后');
    ws.addRow(['名称', '级别', '数量', '错误原因']);
    ws.addRow(['补录罐', '二级', 3, '上次的原因']);
    const res = await uploadImport(t, admin, formId, 'fix.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    const state = await waitForJob(t, admin, res.json().importExportCode, 2);
    expect(state).toMatchObject({ state: 'success', okRows: 1, badRows: 0 });
    expect((await t.sql.query(`select count(*)::int n from "form_${formId}"`)).rows[0].n).toBe(before + 1);
  });

  it('takes back what an export wrote: every imported column stored as it was', async () => {
    const source = await createForm(t, admin, '往返源', sampleMeta());
    const target = await createForm(t, admin, '往返目标', sampleMeta());
    await addRecord(source, record('往返罐', '2', { f_note: '=SUM(A1:A2)', f_tags: 'a,c' }));
    await addRecord(source, record('无位置罐', '1', { lat: '', lng: '', address: '', f_tags: '', f_orgs: '' }));
    const exported = await t.call(admin, 'POST', '/api/form/exportForm', { formId: source });
    const code = exported.json().importExportCode;
    expect(await waitForJob(t, admin, code, 1)).toMatchObject({ state: 'success' });
    const workbook = (await download(t, admin, code)).rawPayload;

    const imported = await uploadImport(t, admin, target, '往返.xlsx', workbook);
    const state = await waitForJob(t, admin, imported.json().importExportCode, 2);
    expect(state).toMatchObject({ state: 'success', okRows: 2, badRows: 0 });

    const columns = ['f_name', 'f_level', 'f_tags', 'f_on', 'f_date', 'f_qty', 'f_org', 'f_org_label', 'f_sex', 'f_sex_label', 'f_orgs',
      'province', 'province_code', 'city', 'city_code', 'area', 'area_code', 'lat', 'lng', 'address', 'f_note'];
    const rowsOf = async (id: number) =>
      (await t.sql.query(`select ${columns.join(', ')} from "form_${id}" order by f_name`)).rows.map((r) => ({ ...r, f_qty: Number(r.f_qty) }));
    const [before, after] = [await rowsOf(source), await rowsOf(target)];
    expect(after).toEqual(before);
    expect(after.find((r) => r.f_name === '无位置罐')).toMatchObject({ address: null, lat: null, lng: null, f_tags: null });
    expect(after.find((r) => r.f_name === '往返罐')).toMatchObject({ f_note: '=SUM(A1:A2)', lat: '30.7', lng: '111.29' });
  });

  it('imports sub-table sheets with their records: a bad child rejects its parent, orphans are reported', async () => {
    const id = await createForm(t, admin, '带子表的导入校验', withItems());
    // The template has a sheet for the sub-table, linked by 主表行号, and says how to fill it.
    const template = new ExcelJS.Workbook();
    await template.xlsx.load((await t.call(admin, 'GET', `/api/form/exportFormTemplate/${id}`)).rawPayload as unknown as ArrayBuffer);
    expect(template.worksheets.map((w) => w.name)).toEqual(['带子表的导入校验', '检查明细', '填写说明']);
    expect(rowTexts(template.worksheets[1]!, 1)).toEqual(['主表行号', '检查项', '结果']);
    expect(String(template.worksheets[1]!.getCell('A1').note)).toContain('行号');
    expect(JSON.stringify(template.worksheets[2]!.getSheetValues())).toContain('子表数据填写在以子表名称命名的工作表中（检查明细）');
    const book = new ExcelJS.Workbook();
    const main = book.addWorksheet('主表');
    main.addRow(['名称', '级别']);
    main.addRow(['甲罐', '一级']);
    main.addRow(['乙罐', '一级']);
    main.addRow([null, '二级']); // no name: refused for itself
    main.addRow(['丁罐', '二级']);
    const items = book.addWorksheet('检查明细');
    items.addRow(['主表行号', '检查项', '结果']);
    items.addRow([2, '液位计', '合格']);
    items.addRow([2, '呼吸阀', '不合格']);
    items.addRow([3, '安全阀', '未知']);
    items.addRow([4, '静电接地', '合格']);
    items.addRow([9, '无主', '合格']);
    const res = await uploadImport(t, admin, id, '子表.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    const code = res.json().importExportCode;
    const state = await waitForJob(t, admin, code, 2);
    expect(state).toMatchObject({ state: 'part_success', okRows: 2, badRows: 2 });
    expect(state.reason).toContain('子表中 1 行的主表行号无效');

    const parents = (await t.sql.query(`select id, f_name from "form_${id}" order by id`)).rows;
    expect(parents.map((p) => p.f_name)).toEqual(['甲罐', '丁罐']);
    const kids = (await t.sql.query(`select parent_id, item_name, item_result from "form_${id}__items" order by id`)).rows;
    expect(kids).toEqual([
      { parent_id: parents[0].id, item_name: '液位计', item_result: 'ok' },
      { parent_id: parents[0].id, item_name: '呼吸阀', item_result: 'bad' },
    ]);
    expect((await t.sql.query(`select count(*)::int n from form_event where form_id = $1`, [id])).rows[0].n).toBe(4);
    expect((await t.sql.query(`select count(*)::int n from form_import_child where job_id = (select id from form_import_export where code = $1)`, [code])).rows[0].n).toBe(4);

    // The error workbook: the two refused records, and their children renumbered to follow them.
    const errors = new ExcelJS.Workbook();
    await errors.xlsx.load((await download(t, admin, `${code}_error`)).rawPayload as unknown as ArrayBuffer);
    expect(errors.worksheets.map((w) => w.name)).toEqual(['未导入的数据', '检查明细']);
    const [errMain, errItems] = errors.worksheets as [XL.Worksheet, XL.Worksheet];
    expect(rowTexts(errMain, 2).slice(0, 2)).toEqual(['乙罐', '一级']);
    expect(String(rowTexts(errMain, 2)[2])).toContain('子表「检查明细」第4行');
    expect(rowTexts(errMain, 3).slice(1, 2)).toEqual(['二级']);
    expect(rowTexts(errItems, 1)).toEqual(['主表行号', '检查项', '结果', '错误原因']);
    expect([2, 3, 4].map((r) => rowTexts(errItems, r))).toEqual([
      [2, '安全阀', '未知'],
      [3, '静电接地', '合格'],
      [9, '无主', '合格', '主表行号无效：主表中没有该行，或该行为空'],
    ]);

    // Corrected and imported again as it is: the rest arrives with its children.
    errMain.getCell('A3').value = '丙罐';
    errItems.getCell('C2').value = '合格';
    errItems.spliceRows(4, 1);
    const again = await uploadImport(t, admin, id, '更正.xlsx', Buffer.from(await errors.xlsx.writeBuffer()));
    expect(await waitForJob(t, admin, again.json().importExportCode, 2)).toMatchObject({ state: 'success', okRows: 2, badRows: 0 });
    const all = await t.sql.query(`select p.f_name, c.item_name from "form_${id}__items" c join "form_${id}" p on p.id = c.parent_id order by c.id`);
    expect(all.rows.map((r) => `${r.f_name}:${r.item_name}`)).toEqual(['甲罐:液位计', '甲罐:呼吸阀', '乙罐:安全阀', '丙罐:静电接地']);
  });

  it('reads a workbook without sub-table sheets once, into a form that has a sub-table', async () => {
    const id = await createForm(t, admin, '有子表但只导入主表', withItems());
    const book = new ExcelJS.Workbook();
    book.addWorksheet('主表').addRows([['名称', '级别'], ['单独罐', '一级']]);
    book.addWorksheet('其他说明').addRows([['主表行号', '检查项'], [2, '不是子表']]);
    const res = await uploadImport(t, admin, id, 'plain.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    const code = res.json().importExportCode;
    expect(await waitForJob(t, admin, code, 2)).toMatchObject({ state: 'success', okRows: 1 });
    const job = (await t.sql.query(`select children_staged from form_import_export where code = $1`, [code])).rows[0];
    expect(job.children_staged).toBe(false);
    expect((await t.sql.query(`select count(*)::int n from "form_${id}__items"`)).rows[0].n).toBe(0);
  });

  it('refuses a file that is not an xlsx workbook, whatever its name', async () => {
    const renamed = await uploadImport(t, admin, formId, 'report.xlsx', pdf());
    expect(renamed.statusCode).toBe(415);
    const csv = await uploadImport(t, admin, formId, 'data.csv', Buffer.from('名称\n一号罐\n'));
    expect(csv.statusCode).toBe(415);
    const zip = await uploadImport(t, admin, formId, 'data.xlsx', zipOf([{ name: 'a.txt', data: 'x' }]));
    expect(zip.statusCode).toBe(415);
  });

  it('refuses a zip bomb and a zip of too many entries at upload, before any parsing', async () => {
    // 300 MB of zeros deflates to a few hundred KB: refused by the ratio and size caps.
    const bomb = zipOf(xlsxParts(Buffer.alloc(300 * 1024 * 1024, 0x20)));
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const res = await uploadImport(t, admin, formId, 'bomb.xlsx', bomb);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().errMsg).toMatch(/压缩比|解压后过大/);
    const many = zipOf([...xlsxParts(sheetXml([[['A1', '名称']]])), ...Array.from({ length: 1001 }, (_, i) => ({ name: `xl/media/x${i}.txt`, data: 'x' }))]);
    const res2 = await uploadImport(t, admin, formId, 'many.xlsx', many);
    expect(res2.statusCode).toBe(400);
    expect(res2.json().errMsg).toContain('条目过多');
    const jobs = await t.sql.query(`select count(*)::int n from form_import_export where form_id = $1`, [formId]);
    expect(jobs.rows[0].n).toBe(2); // only the two accepted imports above
  });

  it('fails a workbook whose cell references lie outside the sheet, with the reason', async () => {
    const xml = sheetXml([[['A1', '名称']], [['XFE2', '越界']]]);
    const res = await uploadImport(t, admin, formId, 'far.xlsx', zipOf(xlsxParts(xml)));
    expect(res.json(), res.body).toMatchObject({ errCode: 0 });
    const state = await waitForJob(t, admin, res.json().importExportCode, 2);
    expect(state).toMatchObject({ state: 'failed' });
    expect(String(state.reason)).toContain('超出工作表范围');
  });
});
