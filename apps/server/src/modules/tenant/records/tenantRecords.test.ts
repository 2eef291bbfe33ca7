import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from '../../importExport/excel.ts';
import { createTestApp, type TestApp } from '../../../../test/testApp.ts';
import { stopJobs, withJobs } from '../../../../test/jobs.ts';
import { ADMIN_PASSWORD } from '../../../../test/testApp.ts';
import { grantForm } from '../../../../test/formGrants.ts';
import { insertTenant } from '../../../../test/t3Tenants.ts';
import { tenantWorld, type TenantWorld, type WorldTenant } from '../../../../test/tenantWorld.ts';
import { download, waitForJob } from '../../importExport/testSupport.ts';
import { col, platformDatasourceId, widget } from '../../report/testSupport.ts';

/*
 * Issue 36 (t4): the records of a form handed down to tenants A and B, per call, for a user of A,
 * a user of B and the park: each tenant's users reach only their tenant's records (list, its count,
 * get, update, delete, export, a report's dataset query); the park reaches all of them, and one
 * report over the one table aggregates across the tenants.
 */
type Json = Record<string, unknown>;
let t: TestApp;
let boss: PgBoss;
let w: TenantWorld;
const ids: Record<'a1' | 'a2' | 'b1', string> = { a1: '', a2: '', b1: '' };
let reportId: number;

async function add(x: WorldTenant, plate: string, company: string, load: number): Promise<string> {
  const r = await t.call(x.clerkCookie, 'POST', `/api/form/addformdata/${w.handed}`, { plate_no: plate, company_name: company, load_ton: load });
  expect(r.json(), r.body).toMatchObject({ errCode: 0 });
  return String(r.json().businessId);
}

const list = async (cookie: string) => {
  const r = (await t.call(cookie, 'POST', '/api/form/queryformdata', { formId: w.handed, pageNum: 1, pageSize: 50 })).json();
  return { plates: (r.datas as Json[]).map((d) => d.plate_no).sort(), total: r.totalCount as number };
};

beforeAll(async () => {
  t = await createTestApp();
  boss = await withJobs(t);
  w = await tenantWorld(t, 'rc');
  ids.a1 = await add(w.a, '皖A-RC-01', '甲化工', 10);
  ids.a2 = await add(w.a, '皖A-RC-02', '甲化工', 5);
  ids.b1 = await add(w.b, '皖B-RC-01', '乙化工', 7);
  // A report over the handed-down form: 载重 summed per 企业名称, readable by a role both clerks hold.
  const table = `form_${w.handed}`;
  const ds = await t.call(w.admin, 'POST', '/api/report/dataset/save', {
    name: '租户车辆统计',
    datasourceId: String(await platformDatasourceId(t, w.admin)),
    dsMeta: { dim: [col(table, 'company_name', { id: 'd1' })], measure: [col(table, 'load_ton', { id: 'm1', dataType: 'Number' })] },
  });
  expect(ds.json(), ds.body).toMatchObject({ errCode: 0 });
  const chart = widget(ds.json().id, { classAxis: [{ id: 'd1', table, column: 'company_name', dataType: 'String' }], valueAxis: [{ id: 'm1', table, column: 'load_ton', dataType: 'Number', aggregate: 'sum' }] }, { id: 'w1' });
  const saved = await t.call(w.admin, 'POST', '/api/report/datareport/save', {
    reportName: '租户车辆报表',
    settingMeta: { layout: { rows: [{ columns: [{ widgetId: 'w1' }] }] }, widgets: [chart], themeId: 1, version: 1 },
  });
  expect(saved.json(), saved.body).toMatchObject({ errCode: 0 });
  reportId = saved.json().reportId;
  const role = (await t.sql.query(`insert into sys_role (role_name) values ('报表读者-rc') returning id`)).rows[0].id;
  await t.call(w.admin, 'POST', '/api/report/reportpermission/save', { reportId, roleIds: [Number(role)] });
  for (const x of [w.a, w.b]) await t.sql.query(`insert into sys_user_role (user_id, role_id) values ($1, $2)`, [x.clerk, role]);
  w.a.clerkCookie = await t.login('rc_a_clerk');
  w.b.clerkCookie = await t.login('rc_b_clerk');
}, 120_000);

afterAll(async () => {
  await stopJobs(boss);
  await t?.close();
});

describe('records of a handed-down form, per call', () => {
  it('list and its count: each tenant its own, the park all', async () => {
    expect(await list(w.a.clerkCookie)).toEqual({ plates: ['皖A-RC-01', '皖A-RC-02'], total: 2 });
    expect(await list(w.b.clerkCookie)).toEqual({ plates: ['皖B-RC-01'], total: 1 });
    expect(await list(w.admin)).toEqual({ plates: ['皖A-RC-01', '皖A-RC-02', '皖B-RC-01'], total: 3 });
  });

  it('get: another tenant\'s record is not found; the park reads both', async () => {
    const get = (cookie: string, id: string) => t.call(cookie, 'GET', `/api/form/getformdatabyid?formId=${w.handed}&businessId=${id}`);
    expect((await get(w.a.clerkCookie, ids.a1)).json()).toMatchObject({ errCode: 0 });
    expect((await get(w.b.clerkCookie, ids.a1)).statusCode).toBe(404);
    expect((await get(w.a.clerkCookie, ids.b1)).statusCode).toBe(404);
    expect((await get(w.admin, ids.a1)).json()).toMatchObject({ errCode: 0 });
    expect((await get(w.admin, ids.b1)).json()).toMatchObject({ errCode: 0 });
  });

  it('update: another tenant\'s record is refused and left as it was', async () => {
    const upd = (cookie: string, id: string, plate: string) => t.call(cookie, 'POST', `/api/form/updateformdata/${w.handed}`, { id, plate_no: plate });
    expect((await upd(w.b.clerkCookie, ids.a1, '乙改甲')).statusCode).toBe(404);
    expect((await t.sql.query(`select plate_no from form_${w.handed} where id = $1`, [ids.a1])).rows[0].plate_no).toBe('皖A-RC-01');
    expect((await upd(w.a.clerkCookie, ids.a1, '皖A-RC-01改')).json()).toMatchObject({ errCode: 0 });
    expect((await upd(w.admin, ids.a1, '皖A-RC-01')).json()).toMatchObject({ errCode: 0 });
  });

  it('delete: another tenant\'s record is not deleted', async () => {
    const del = await t.call(w.b.clerkCookie, 'GET', `/api/form/batchdeleteformdata/${w.handed}?businessIds=${ids.a2}`);
    expect(del.json()).toEqual({ errCode: 0, deleted: 0 });
    expect((await t.sql.query(`select count(*)::int as n from form_${w.handed} where id = $1`, [ids.a2])).rows[0].n).toBe(1);
  });

  it('export: a tenant\'s workbook holds its records only, the park\'s all', async () => {
    const exported = async (cookie: string) => {
      const res = await t.call(cookie, 'POST', '/api/form/exportForm', { formId: w.handed });
      expect(res.json(), res.body).toMatchObject({ errCode: 0 });
      const code = res.json().importExportCode as string;
      expect(await waitForJob(t, cookie, code, 1)).toMatchObject({ state: 'success' });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await download(t, cookie, code)).rawPayload as unknown as ArrayBuffer);
      const ws = book.worksheets[0]!;
      const plates: string[] = [];
      for (let r = 2; r <= ws.actualRowCount; r++) plates.push(String((ws.getRow(r).values as unknown[])[1]));
      return plates.sort();
    };
    expect(await exported(w.a.clerkCookie)).toEqual(['皖A-RC-01', '皖A-RC-02']);
    expect(await exported(w.b.clerkCookie)).toEqual(['皖B-RC-01']);
    expect(await exported(w.admin)).toEqual(['皖A-RC-01', '皖A-RC-02', '皖B-RC-01']);
  });

  it('a report\'s dataset query: a tenant sees its sums, the park one aggregate across the tenants', async () => {
    const q = async (cookie: string) => {
      const res = await t.call(cookie, 'POST', '/api/report/datareport/queryreportdata', { reportId, widgetId: 'w1', pageNum: 1, pageSize: 100, queryConditions: [] });
      expect(res.json(), res.body).toMatchObject({ errCode: 0 });
      return res.json().datas as Json[];
    };
    expect(await q(w.a.clerkCookie)).toEqual([{ company_name: '甲化工', sum_load_ton: 15 }]);
    expect(await q(w.b.clerkCookie)).toEqual([{ company_name: '乙化工', sum_load_ton: 7 }]);
    expect(await q(w.admin)).toEqual([{ company_name: '乙化工', sum_load_ton: 7 }, { company_name: '甲化工', sum_load_ton: 15 }]);
  });

  it('a tenant the form was not handed to: every call is 表单不存在, even with the form\'s permissions', async () => {
    const c = await insertTenant(t, '丙化工-rc');
    await grantForm(t, c.adminId, w.handed);
    const cookie = await t.login(c.adminName, ADMIN_PASSWORD);
    const calls: Array<[string, 'GET' | 'POST', string, Json?]> = [
      ['queryformdata', 'POST', '/api/form/queryformdata', { formId: w.handed, pageNum: 1, pageSize: 10 }],
      ['getformdatabyid', 'GET', `/api/form/getformdatabyid?formId=${w.handed}&businessId=${ids.a1}`],
      ['updateformdata', 'POST', `/api/form/updateformdata/${w.handed}`, { id: ids.a1, plate_no: 'x' }],
      ['addformdata', 'POST', `/api/form/addformdata/${w.handed}`, { plate_no: 'x' }],
      ['exportForm', 'POST', '/api/form/exportForm', { formId: w.handed }],
      ['exportFormTemplate', 'GET', `/api/form/exportFormTemplate/${w.handed}`],
      ['getbyid', 'GET', `/api/form/formconf/getbyid/${w.handed}`],
    ];
    for (const [name, method, url, body] of calls) {
      const res = await t.call(cookie, method, url, body);
      expect([name, res.statusCode, res.json().errMsg]).toEqual([name, 404, '表单不存在']);
    }
    expect((await t.sql.query(`select count(*)::int as n from form_${w.handed} where plate_no = 'x'`)).rows[0].n).toBe(0);
  });
});
