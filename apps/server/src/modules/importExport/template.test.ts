import type * as XL from 'exceljs';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from './excel.ts';
import { createTestApp, ADMIN_PASSWORD, type TestApp } from '../../../test/testApp.ts';
import { stopJobs, withJobs } from '../../../test/jobs.ts';
import { grantForm } from '../../../test/formGrants.ts';
import { insertTenant } from '../../../test/t3Tenants.ts';
import { control, createForm, uploadImport, waitForJob } from './testSupport.ts';
import { CHOICE_SHEET } from './templateChoices.ts';

/*
 * The import template's hints and drop-downs, and the table widget's template (issue 39,
 * screens-round3 §6.3): read back with exceljs as a person's Excel would open it, then filled and
 * imported through importForm.
 */

let t: TestApp;
let boss: PgBoss;
let admin: string;
let formId: number;
let narrowId: number;

/** 30 options whose labels together pass Excel's 255-character inline limit. */
const longOptions = Array.from({ length: 30 }, (_, i) => ({ value: `z${i}`, label: `第${i + 1}号储罐区域（东侧）` }));

const meta = () => ({
  list: [
    control('input', '名称', 't_name', { required: true }),
    control('select', '级别', 't_level', { options: [{ value: '1', label: '一级' }, { value: '2', label: '二级' }] }),
    control('radio', '状态', 't_state', { options: [{ value: 'ok', label: '正常' }, { value: 'bad', label: '异常' }] }),
    control('checkbox', '标签', 't_tags', { options: [{ value: 'a', label: '甲' }, { value: 'b', label: '乙' }] }),
    control('select', '区域', 't_zone', { options: longOptions }),
    control('switch', '启用', 't_on', { openMsg: '运行', closeMsg: '停运' }),
    control('date', '日期', 't_day'),
    control('number', '数量', 't_qty'),
    control('dic_select', '罐型', 't_kind', {}, { label_model: 't_kind_label', typeCode: 'tpl_tank_kind' }),
  ],
  config: {},
  sensorSettingsV2: {
    widgets: [
      { id: 'q1', type: 'queryWidget', conditions: [] },
      { id: 'w9', type: 'reportWidget', reportType: 'tableReportWidget', data: { cols: [{ key: '$seq' }, { key: 't_name' }, { key: 't_zone' }, { key: 't_day' }, { key: 'create_time' }] } },
    ],
  },
});

async function bookOf(res: { rawPayload: Buffer }): Promise<XL.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book;
}

const headers = (ws: XL.Worksheet) => (ws.getRow(1).values as unknown[]).slice(1);
/** The list check a person meets in a data cell, as Excel stores it. */
const check = (ws: XL.Worksheet, address: string) => ws.getCell(address).dataValidation as XL.DataValidation | undefined;

beforeAll(async () => {
  t = await createTestApp();
  boss = await withJobs(t);
  admin = await t.login();
  const type = await t.sql.query<{ id: string }>(`insert into sys_dic_type (type_code, type_name) values ('tpl_tank_kind', '罐型') returning id`);
  await t.sql.query(`insert into sys_dic_catalog (type_id, code, name, order_index) values ($1, 'f', '浮顶罐', 1), ($1, 'g', '拱顶罐', 2)`, [type.rows[0]!.id]);
  formId = await createForm(t, admin, '模板下拉校验', meta());
  const m = meta();
  m.sensorSettingsV2.widgets[1]!.data!.cols = [{ key: 't_zone' }];
  narrowId = await createForm(t, admin, '模板窄表格', m);
});
afterAll(async () => {
  await stopJobs(boss);
  await t.close();
});

describe('GET exportFormTemplate/{formId}', () => {
  it('writes each column with its hint and a drop-down for choices, switches and dictionaries', async () => {
    const res = await t.call(admin, 'GET', `/api/form/exportFormTemplate/${formId}`);
    expect(res.statusCode, res.body).toBe(200);
    const book = await bookOf(res);
    const ws = book.worksheets[0]!;
    expect(headers(ws)).toEqual(['名称', '级别', '状态', '标签', '区域', '启用', '日期', '数量', '罐型']);
    expect(String(ws.getCell('A1').note)).toContain('必填');
    expect(String(ws.getCell('G1').note)).toContain('yyyy-MM-dd');
    expect(String(ws.getCell('H1').note)).toContain('数字');

    expect(check(ws, 'B2')).toMatchObject({ type: 'list', formulae: ['"一级,二级"'], showErrorMessage: true, errorStyle: 'stop' });
    expect(check(ws, 'C500')).toMatchObject({ type: 'list', formulae: ['"正常,异常"'] });
    // Several values join with 、 in one cell, which a list check would refuse: the list only suggests.
    expect(check(ws, 'D2')).toMatchObject({ type: 'list', formulae: ['"甲,乙"'] });
    expect(check(ws, 'D2')?.showErrorMessage).toBeFalsy();
    expect(check(ws, 'F2')).toMatchObject({ formulae: ['"运行,停运"'] });
    expect(check(ws, 'A2')).toBeUndefined();
    expect(check(ws, 'G2')).toBeUndefined();

    // The long list goes to a hidden sheet's range.
    const zone = check(ws, 'E2')!;
    expect(zone.type).toBe('list');
    const range = /^'(.+)'!\$([A-Z]+)\$1:\$\2\$(\d+)$/.exec(String(zone.formulae[0]));
    expect(range, String(zone.formulae[0])).not.toBeNull();
    expect(range![1]).toBe(CHOICE_SHEET);
    expect(Number(range![3])).toBe(30);
    const lists = book.getWorksheet(CHOICE_SHEET)!;
    expect(lists.state).toBe('hidden');
    const listed = Array.from({ length: 30 }, (_, i) => lists.getCell(`${range![2]}${i + 1}`).value);
    expect(listed).toEqual(longOptions.map((o) => o.label));
    // The dictionary's items, by name.
    const kind = check(ws, 'I2')!;
    expect(kind.formulae[0]).toBe('"浮顶罐,拱顶罐"');
    expect(book.worksheets.map((w) => w.name)).toEqual(['模板下拉校验', '填写说明', CHOICE_SHEET]);
  });

  it('imports the filled template as it is: labels back to stored values', async () => {
    const book = await bookOf(await t.call(admin, 'GET', `/api/form/exportFormTemplate/${formId}`));
    const ws = book.worksheets[0]!;
    ws.getRow(2).values = ['1号罐', '二级', '异常', '甲、乙', '第7号储罐区域（东侧）', '停运', '2026-12-01', 12, '拱顶罐'];
    ws.getRow(3).values = ['2号罐', '一级', '正常', '乙', '第30号储罐区域（东侧）', '运行', '2026-12-02', 3, '浮顶罐'];
    const res = await uploadImport(t, admin, formId, '模板.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect(res.json(), res.body).toMatchObject({ errCode: 0 });
    const state = await waitForJob(t, admin, res.json().importExportCode as string, 2);
    expect(state).toMatchObject({ state: 'success', okRows: 2, badRows: 0 });
    const rows = (await t.sql.query(`select t_name, t_level, t_state, t_tags, t_zone, t_on, t_day, t_qty, t_kind, t_kind_label from "form_${formId}" order by id`)).rows;
    expect(rows).toEqual([
      { t_name: '1号罐', t_level: '2', t_state: 'bad', t_tags: 'a,b', t_zone: 'z6', t_on: '1', t_day: '2026-12-01', t_qty: '12', t_kind: 'g', t_kind_label: '拱顶罐' },
      { t_name: '2号罐', t_level: '1', t_state: 'ok', t_tags: 'b', t_zone: 'z29', t_on: '0', t_day: '2026-12-02', t_qty: '3', t_kind: 'f', t_kind_label: '浮顶罐' },
    ]);
  });
});

describe('GET exportFormTemplate/{formId}&{widgetId}', () => {
  it("writes the table widget's shown columns that an import reads, with their drop-downs", async () => {
    const res = await t.call(admin, 'GET', `/api/form/exportFormTemplate/${formId}&w9`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const book = await bookOf(res);
    const ws = book.worksheets[0]!;
    // $seq and the system column are not imported.
    expect(headers(ws)).toEqual(['名称', '区域', '日期']);
    const narrow = await bookOf(await t.call(admin, 'GET', `/api/form/exportFormTemplate/${narrowId}&w9`));
    // A required field the table leaves out is still asked for, last.
    expect(headers(narrow.worksheets[0]!)).toEqual(['区域', '名称']);
    expect(String(check(ws, 'B2')!.formulae[0])).toMatch(new RegExp(`^'${CHOICE_SHEET}'!`));
    expect(String(ws.getCell('C1').note)).toContain('yyyy-MM-dd');
  });

  it("imports the widget's filled template through importForm/{formId}&{widgetId}", async () => {
    const book = await bookOf(await t.call(admin, 'GET', `/api/form/exportFormTemplate/${formId}&w9`));
    book.worksheets[0]!.getRow(2).values = ['3号罐', '第2号储罐区域（东侧）', '2026-12-03'];
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/form/importForm/${formId}&w9`,
      ...(await (async () => {
        const { multipart } = await import('../../../test/multipart.ts');
        const body = multipart([{ name: 'file', filename: '表格模板.xlsx', data: Buffer.from(await book.xlsx.writeBuffer()) }]);
        return { headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest', 'content-type': body.contentType }, payload: body.payload };
      })()),
    });
    expect(res.json(), res.body).toMatchObject({ errCode: 0 });
    expect(await waitForJob(t, admin, res.json().importExportCode as string, 2)).toMatchObject({ state: 'success', okRows: 1 });
    const row = (await t.sql.query(`select t_zone, t_day, t_level from "form_${formId}" where t_name = '3号罐'`)).rows[0];
    expect(row).toEqual({ t_zone: 'z1', t_day: '2026-12-03', t_level: null });
  });

  it('404 for an unknown widget or one that is not a table, 400 for a malformed one', async () => {
    for (const w of ['nope', 'q1']) {
      const res = await t.call(admin, 'GET', `/api/form/exportFormTemplate/${formId}&${w}`);
      expect([w, res.statusCode, res.json().errMsg]).toEqual([w, 404, '表格控件不存在']);
    }
    const bad = await t.call(admin, 'GET', `/api/form/exportFormTemplate/${formId}&${encodeURIComponent("x'; drop")}`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('who may download a template', () => {
  it("a tenant's drop-down lists its own dictionary's items, never another tenant's", async () => {
    const a = await insertTenant(t, '甲化工-模板');
    const b = await insertTenant(t, '乙化工-模板');
    for (const [tenant, item] of [[a, '甲的罐型'], [b, '乙的罐型']] as const) {
      const type = await t.sql.query<{ id: string }>(`insert into sys_dic_type (type_code, type_name, company_id) values ('tpl_tank_kind', '罐型', $1) returning id`, [tenant.id]);
      await t.sql.query(`insert into sys_dic_catalog (type_id, code, name) values ($1, 'x', $2)`, [type.rows[0]!.id, item]);
      await t.sql.query(
        `insert into form_tenant (form_id, company_id, form_meta, design_version) select id, $2, form_meta, design_version from form_conf where id = $1`,
        [formId, tenant.id],
      );
      await grantForm(t, tenant.adminId, formId);
    }
    t.booted.ctx.forms.forget(String(formId));
    const res = await t.call(await t.login(a.adminName, ADMIN_PASSWORD), 'GET', `/api/form/exportFormTemplate/${formId}`);
    expect(res.statusCode, res.body).toBe(200);
    const ws = (await bookOf(res)).worksheets[0]!;
    expect(check(ws, 'I2')!.formulae[0]).toBe('"甲的罐型"');
  });
  it('401 without a session; 404 表单不存在 for a tenant the form was not handed to (it was to 甲 and 乙), even with its permissions', async () => {
    const anon = await t.app.inject({ method: 'GET', url: `/api/form/exportFormTemplate/${formId}&w9` });
    expect(anon.statusCode).toBe(401);
    const tenant = await insertTenant(t, '丙化工-模板');
    await grantForm(t, tenant.adminId, formId);
    const cookie = await t.login(tenant.adminName, ADMIN_PASSWORD);
    for (const path of [`${formId}`, `${formId}&w9`]) {
      const res = await t.call(cookie, 'GET', `/api/form/exportFormTemplate/${path}`);
      expect([path, res.statusCode, res.json().errMsg]).toEqual([path, 404, '表单不存在']);
    }
  });

});
