import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/testApp.ts';
import { addUser, roleWithMenus } from '../../admin/testHelpers.ts';
import { createVehicleForm, saveVehicleDataset, widget } from '../testSupport.ts';

/* 报表管理 (issue 22): groups, the reports' lifecycle, a query widget's values, who may do what. */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const ok = (res: { json(): unknown; body: string }) => {
  expect(res.json(), res.body).toMatchObject({ errCode: 0 });
  return res.json() as Record<string, unknown>;
};

describe('report groups and definitions', () => {
  it('creates, renames, moves, copies and deletes reports by group', async () => {
    const g1 = ok(await t.call(admin, 'POST', '/api/report/group/save', { name: '安全生产' })).id as number;
    const dup = await t.call(admin, 'POST', '/api/report/group/save', { name: '安全生产' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errMsg).toBe('分组名称已存在');
    expect((await t.call(admin, 'POST', '/api/report/group/save', { name: '  ' })).json().errMsg).toBe('分组名称不能为空');

    const created = ok(await t.call(admin, 'POST', '/api/report/datareport/create', { reportName: '园区大屏', kind: 'dashboard', groupId: g1 }));
    const id = created.reportId as number;
    const loaded = ok(await t.call(admin, 'GET', `/api/report/datareport/getbyid/${id}`));
    expect(loaded.settingMeta).toMatchObject({ layout: { rows: [], style: { verticalSpacing: 5 } }, widgets: [], version: 1 });
    expect((await t.call(admin, 'POST', '/api/report/datareport/create', { reportName: '' })).json().errMsg).toBe('报表名称不能为空');
    expect((await t.call(admin, 'POST', '/api/report/datareport/create', { reportName: 'x', kind: 'chart' })).json().errMsg).toBe('报表类型不正确');
    expect((await t.call(admin, 'POST', '/api/report/datareport/create', { reportName: 'x', groupId: 999999 })).json().errMsg).toBe('分组不存在');

    ok(await t.call(admin, 'POST', '/api/report/datareport/update', { reportId: id, reportName: '园区综合大屏' }));
    const copy = ok(await t.call(admin, 'POST', '/api/report/datareport/copy', { reportId: id, reportName: '园区综合大屏-副本' })).reportId as number;
    const inGroup = ok(await t.call(admin, 'GET', `/api/report/datareport/list?groupId=${g1}`)).list as Array<Record<string, unknown>>;
    expect(inGroup.map((r) => [r.reportName, r.kind, r.groupName])).toEqual([
      ['园区综合大屏-副本', 'dashboard', '安全生产'],
      ['园区综合大屏', 'dashboard', '安全生产'],
    ]);
    ok(await t.call(admin, 'POST', '/api/report/datareport/update', { reportId: copy, groupId: null }));
    const ungrouped = ok(await t.call(admin, 'GET', '/api/report/datareport/list?groupId=none')).list as Array<Record<string, unknown>>;
    expect(ungrouped.map((r) => r.reportId)).toContain(copy);

    // Deleting the group keeps its reports, ungrouped.
    ok(await t.call(admin, 'POST', '/api/report/group/delete', { id: g1 }));
    expect(((ok(await t.call(admin, 'GET', '/api/report/datareport/list?groupId=none')).list) as Array<{ reportId: number }>).map((r) => r.reportId)).toContain(id);
    ok(await t.call(admin, 'POST', '/api/report/datareport/delete', { reportId: copy }));
    const gone = await t.call(admin, 'GET', `/api/report/datareport/getbyid/${copy}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errMsg).toBe('报表不存在');
    expect((await t.call(admin, 'POST', '/api/report/datareport/delete', { reportId: copy })).statusCode).toBe(404);
  });

  it('offers a query widget the distinct values of its column, to designers and to the report’s readers', async () => {
    const formId = await createVehicleForm(t, admin, '入园车辆-报表管理');
    const table = `form_${formId}`;
    for (const c of ['甲化工', '乙物流', '甲化工']) await t.sql.query(`insert into ${table} (company_name, load_ton) values ($1, 1)`, [c]);
    const dataset = await saveVehicleDataset(t, admin, formId);
    const column = { id: 'd1', table, column: 'company_name' };
    const design = ok(await t.call(admin, 'POST', '/api/report/datareport/querycolumndata', { dataset, column }));
    expect(design.list).toEqual(['乙物流', '甲化工']);

    const reportId = ok(await t.call(admin, 'POST', '/api/report/datareport/create', { reportName: '车辆查询' })).reportId as number;
    const query = { id: 5, type: 'queryWidget', name: '查询', x: 1, y: 1, sizex: 76, sizey: 16, style: {}, conditions: [{ key: 'c1', dataset: String(dataset), ...column, label: '企业', opt: '$eq', type: 'select' }] };
    ok(await t.call(admin, 'POST', '/api/report/datareport/save', { reportId, reportName: '车辆查询', settingMeta: { layout: { rows: [] }, widgets: [query], version: 1 } }));

    const role = await roleWithMenus(t, admin, '车辆报表读者', []);
    const reader = await addUser(t, admin, 'vehicle_report_reader', { roleIds: [role] });
    const cookie = await t.login(reader.username, reader.password);
    const values = () => t.call(cookie, 'POST', '/api/report/datareport/querycolumndata', { reportId, widgetId: 5, key: 'c1' });
    expect((await values()).statusCode).toBe(403);
    ok(await t.call(admin, 'POST', '/api/report/reportpermission/save', { reportId, roleIds: [role] }));
    expect(ok(await values()).list).toEqual(['乙物流', '甲化工']);
    // A reader is no designer: no bare datasets, no managing reports.
    expect((await t.call(cookie, 'POST', '/api/report/datareport/querycolumndata', { dataset, column })).statusCode).toBe(403);
    expect((await t.call(cookie, 'GET', '/api/report/datareport/list')).statusCode).toBe(403);
    expect((await t.call(cookie, 'POST', '/api/report/datareport/delete', { reportId })).statusCode).toBe(403);
  });
});

describe('freshness of a widget result', () => {
  it('says when the SQL ran, and marks a reply served from the result cache', async () => {
    const formId = await createVehicleForm(t, admin, '入园车辆-缓存');
    const table = `form_${formId}`;
    await t.sql.query(`insert into ${table} (company_name, load_ton) values ('甲化工', 2), ('乙物流', 3)`);
    const dataset = await saveVehicleDataset(t, admin, formId);
    const chart = widget(dataset, { classAxis: [{ id: 'd1', table, column: 'company_name' }], valueAxis: [{ id: 'm1', table, column: 'load_ton', aggregate: 'sum' }] }, { id: 7 });
    const reportId = ok(await t.call(admin, 'POST', '/api/report/datareport/create', { reportName: '缓存说明' })).reportId as number;
    ok(await t.call(admin, 'POST', '/api/report/datareport/save', { reportId, reportName: '缓存说明', settingMeta: { layout: { rows: [] }, widgets: [chart], version: 1 } }));
    const q = async () => ok(await t.call(admin, 'POST', '/api/report/datareport/queryreportdata', { reportId, widgetId: 7, pageNum: 1, pageSize: 1000 }));

    const before = Date.now();
    const first = await q();
    expect(first.cached).toBeUndefined();
    expect(Date.parse(first.computedAt as string)).toBeGreaterThanOrEqual(before - 1000);
    const again = await q();
    expect(again).toEqual({ ...first, cached: true });

    // A record added through the form is a new result, computed afresh.
    ok(await t.call(admin, 'POST', `/api/form/addformdata/${formId}`, { company_name: '丙能源', load_ton: '1' }));
    const since = performance.now();
    let fresh = await q();
    while (fresh.cached) {
      expect(performance.now() - since).toBeLessThan(t.booted.ctx.config.report.stampMaxAgeMs + 1000);
      await new Promise((r) => setTimeout(r, 20));
      fresh = await q();
    }
    expect((fresh.datas as unknown[]).length).toBe(3);
    expect(Date.parse(fresh.computedAt as string)).toBeGreaterThanOrEqual(Date.parse(first.computedAt as string));

    // Design mode says the same.
    const preview = async () => ok(await t.call(admin, 'POST', '/api/report/datareport/previewreportdata', { pageNum: 1, pageSize: 1000, datareport: chart }));
    await preview();
    expect((await preview()).cached).toBe(true);
  });
});

describe('the demo park dashboard (seeded)', () => {
  it('answers every widget, with the numbers SQL gives', async () => {
    const { rows } = await t.sql.query(`select id, setting_meta from report_def where report_name = '危化品车辆大屏'`);
    expect(rows).toHaveLength(1);
    const reportId = Number(rows[0].id);
    const widgets = rows[0].setting_meta.widgets as Array<{ id: number; type: string; data?: { dataset: string } }>;
    const table = `form_${(await t.sql.query(`select id from form_conf where form_name = '危化品车辆入园登记' order by id limit 1`)).rows[0].id}`;
    for (const w of widgets.filter((x) => x.type !== 'queryWidget')) {
      const res = await t.call(admin, 'POST', '/api/report/datareport/queryreportdata', { reportId, widgetId: w.id, pageNum: 1, pageSize: 10, queryConditions: [] });
      expect(res.json(), `${w.id} ${res.body}`).toMatchObject({ errCode: 0 });
    }
    const pie = await t.call(admin, 'POST', '/api/report/datareport/queryreportdata', { reportId, widgetId: 3, pageNum: 1, pageSize: 1000 });
    const sqlCounts = (await t.sql.query(`select vehicle_type, count(id)::int as n from ${table} group by vehicle_type order by vehicle_type`)).rows;
    expect(pie.json().datas.map((r: Record<string, unknown>) => [r.vehicle_type, r['车次']])).toEqual(sqlCounts.map((r) => [r.vehicle_type, r.n]));
    // Drilling: province, then a city of it.
    const drill = await t.call(admin, 'POST', '/api/report/datareport/queryreportdata', {
      reportId,
      widgetId: 4,
      drillingConditions: { current: 'city', conds: [{ condType: 'single', id: 'd_province', table, column: 'province', matchType: '$eq', value: '安徽省' }] },
    });
    const sqlCities = (await t.sql.query(`select city, sum(actual_load)::float as s from ${table} where province = '安徽省' group by city order by city`)).rows;
    expect(drill.json().datas.map((r: Record<string, unknown>) => [r.city, r['实际装载(吨)']])).toEqual(sqlCities.map((r) => [r.city, r.s]));
  });
});
