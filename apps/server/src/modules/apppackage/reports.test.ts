import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { addRecord, createForm } from '../automation/testSupport.ts';
import { entriesOf, expectRefusedWhole, exportZip, repack, spareInstallation, upload } from './testSupport.ts';

/*
 * Issue 41 part 3 (ADR 0054): reports and dashboards travel with their datasets over the packaged
 * forms. Export → import into a fresh database gives the same dataset, dashboard, role grant and
 * menu on the target's ids, and the widget answers there; an upgrade changes the dashboard in place;
 * a hostile dataset or report is refused with nothing written; a report that also reads an
 * external datasource refuses the export; 卸载 removes them — on a real PostgreSQL.
 */

type Json = Record<string, unknown>;
let source: TestApp;
let target: TestApp;
let srcAdmin: string;
let dstAdmin: string;
let srcForm: number;
let srcReport: string;
let pkgV1: Buffer;
/** A third, empty installation for the refusals and 卸载 (the target holds the application). */
const thirdApp = spareInstallation();

const control = (type: string, name: string, model: string): Json => ({ type, name, key: `${type}_${model}`, model, options: {}, rules: [] });
const meta = { list: [control('input', '所属企业', 'company_name'), control('input_number', '载重(吨)', 'load_ton')], config: {} };

const design = (datasetId: string, formId: number | string, title: string): Json => ({
  title,
  widgets: [
    {
      id: 1, type: 'reportWidget', name: '各企业载重',
      data: {
        dataset: datasetId, smallType: 'column',
        classAxis: [{ id: 'd1', table: `form_${formId}`, column: 'company_name', dataType: 'String' }],
        valueAxis: [{ id: 'm1', table: `form_${formId}`, column: 'load_ton', dataType: 'Number', aggregate: 'sum' }],
        colorAxis: [], condFilters: [], superConds: [],
      },
    },
  ],
});

async function platformSource(t: TestApp): Promise<string> {
  return String((await t.sql.query(`select id from report_datasource where built_in order by id limit 1`)).rows[0].id);
}

async function saveDataset(t: TestApp, admin: string, formId: number, name: string): Promise<string> {
  const res = await t.call(admin, 'POST', '/api/report/dataset/save', {
    name,
    datasourceId: await platformSource(t),
    dsMeta: {
      dim: [{ id: 'd1', table: `form_${formId}`, column: 'company_name', desc: '所属企业', dataType: 'String', alias: '' }],
      measure: [{ id: 'm1', table: `form_${formId}`, column: 'load_ton', desc: '载重(吨)', dataType: 'Number', alias: '' }],
    },
  });
  expect(res.json(), res.body).toMatchObject({ errCode: 0 });
  return String(res.json().id);
}

async function fingerprint(t: TestApp): Promise<string> {
  const r = await t.sql.query(`select (select count(*) from form_conf) forms, (select count(*) from report_dataset) datasets, (select count(*) from report_def) reports,
    (select count(*) from report_permission) grants, (select count(*) from sys_menu) menus, (select count(*) from app_package) apps, (select count(*) from app_package_part) parts`);
  return JSON.stringify(r.rows[0]);
}

beforeAll(async () => {
  [source, target] = await Promise.all([createTestApp(), createTestApp()]);
  [srcAdmin, dstAdmin] = await Promise.all([source.login(), target.login()]);
  srcForm = await createForm(source, srcAdmin, '包报表车辆', meta);
  const dataset = await saveDataset(source, srcAdmin, srcForm, '包报表数据集');
  const saved = await source.call(srcAdmin, 'POST', '/api/report/datareport/save', { reportName: '包报表大屏', settingMeta: design(dataset, srcForm, 'v1') });
  expect(saved.json(), saved.body).toMatchObject({ errCode: 0 });
  srcReport = String(saved.json().reportId);
  await source.sql.query(`update report_def set kind = 'dashboard' where id = $1`, [srcReport]);
  await source.sql.query(`insert into report_permission (report_id, role_id) select $1, id from sys_role where role_code = 'park_admin' and company_id is null`, [srcReport]);
  const group = (await source.sql.query(`insert into sys_menu (parent_id, name, path, level) values (null, '包报表分组', '/pkgreports', 1) returning id`)).rows[0].id;
  const menu = (await source.sql.query(`insert into sys_menu (parent_id, name, path, component, level) values ($1, '包报表大屏', $2, 'ReportCustom', 2) returning id`, [group, `/report/view/${srcReport}`])).rows[0].id;
  await source.sql.query(`insert into sys_role_menu (role_id, menu_id) select id, $1 from sys_role where role_code = 'park_admin' and company_id is null`, [menu]);
  pkgV1 = await exportZip(source, srcAdmin, { code: 'rptpkg', name: '报表应用', version: '1.0.0', formIds: [srcForm] });
}, 120_000);

afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
});

describe('reports and datasets in a package', () => {
  it('export writes the dataset and the dashboard by codes, its readers by role code, its menu', () => {
    const entries = entriesOf(pkgV1);
    const parts = entries.get('manifest.json')!.parts as Json;
    expect(parts.datasets).toHaveLength(1);
    expect(parts.reports).toHaveLength(1);
    const ds = entries.get(`datasets/${(parts.datasets as string[])[0]}.json`)!;
    expect(ds).toMatchObject({ name: '包报表数据集' });
    expect(JSON.stringify(ds.meta)).toMatch(/"table":"@form:f[0-9a-f]{12}"/);
    const report = entries.get(`reports/${(parts.reports as string[])[0]}.json`)!;
    expect(report).toMatchObject({ name: '包报表大屏', kind: 'dashboard', roles: ['park_admin'], menu: { group: '包报表分组', name: '包报表大屏', roles: ['park_admin'] } });
    expect(JSON.stringify(report.settingMeta)).toContain(`"dataset":"@dataset:${(parts.datasets as string[])[0]}"`);
    expect(JSON.stringify(report.settingMeta)).not.toMatch(/form_\d/);
  });

  it('imports into an empty installation, previewed as 数据集 and 大屏 新建, and the widget answers there', async () => {
    const before = await fingerprint(target);
    const preview = await upload(target, dstAdmin, 'preview', pkgV1);
    expect(preview.json(), preview.body).toMatchObject({ errCode: 0, data: { reasons: [] } });
    const rows = preview.json().data.parts.map((p: Json) => `${p.label}:${p.name}:${p.action}`);
    expect(rows).toEqual(expect.arrayContaining(['数据集:包报表数据集:新建', '大屏:包报表大屏:新建']));
    expect(await fingerprint(target)).toBe(before);

    const done = await upload(target, dstAdmin, 'import', pkgV1);
    expect(done.json(), done.body).toMatchObject({ errCode: 0 });
    const formId = (await target.sql.query(`select id from form_conf where form_name = '包报表车辆'`)).rows[0].id as string;
    const ds = (await target.sql.query(`select id, form_id, ds_meta from report_dataset where name = '包报表数据集'`)).rows;
    expect(ds).toHaveLength(1);
    expect(ds[0].form_id).toBe(formId);
    expect(JSON.stringify(ds[0].ds_meta)).toContain(`"table":"form_${formId}"`);
    const report = (await target.sql.query(`select id, kind, setting_meta from report_def where report_name = '包报表大屏'`)).rows[0];
    expect(report.kind).toBe('dashboard');
    expect(JSON.stringify(report.setting_meta)).toContain(`"dataset":"${ds[0].id}"`);
    expect(JSON.stringify(report.setting_meta)).toContain(`"table":"form_${formId}"`);
    expect((await target.sql.query(`select r.role_code from report_permission p join sys_role r on r.id = p.role_id where p.report_id = $1`, [report.id])).rows).toEqual([{ role_code: 'park_admin' }]);
    expect((await target.sql.query(`select m.name, g.name as group from sys_menu m join sys_menu g on g.id = m.parent_id where m.path = $1`, [`/report/view/${report.id}`])).rows).toEqual([{ name: '包报表大屏', group: '包报表分组' }]);

    await addRecord(target, dstAdmin, Number(formId), { company_name: '甲化工', load_ton: '12' });
    await addRecord(target, dstAdmin, Number(formId), { company_name: '甲化工', load_ton: '8' });
    const data = await target.call(dstAdmin, 'POST', '/api/report/datareport/queryreportdata', { reportId: Number(report.id), widgetId: 1, pageNum: 1, pageSize: 100, queryConditions: [], superConditions: [] });
    expect(data.json(), data.body).toMatchObject({ errCode: 0 });
    expect(JSON.stringify(data.json().datas)).toContain('"sum_load_ton":20');
  });

  it('an upgrade changes the dashboard in place; the unchanged dataset is 不变', async () => {
    const before = (await target.sql.query(`select id, version from report_def where report_name = '包报表大屏'`)).rows[0];
    const dataset = String((await source.sql.query(`select id from report_dataset where name = '包报表数据集'`)).rows[0].id);
    expect((await source.call(srcAdmin, 'POST', '/api/report/datareport/save', { reportId: srcReport, reportName: '包报表大屏', settingMeta: design(dataset, srcForm, 'v2') })).json()).toMatchObject({ errCode: 0 });
    const v2 = await exportZip(source, srcAdmin, { code: 'rptpkg', name: '报表应用', version: '1.1.0', formIds: [srcForm] });
    const preview = await upload(target, dstAdmin, 'preview', v2);
    const actions = preview.json().data.parts.map((p: Json) => `${p.label}:${p.action}`);
    expect(actions).toEqual(expect.arrayContaining(['数据集:不变', '大屏:更新']));
    expect((await upload(target, dstAdmin, 'import', v2)).json()).toMatchObject({ errCode: 0 });
    const after = (await target.sql.query(`select id, version, setting_meta from report_def where report_name = '包报表大屏'`)).rows;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before.id, version: before.version + 1 });
    expect(after[0].setting_meta.title).toBe('v2');
  });
});

describe('hostile reports and datasets are refused whole, nothing written', () => {
  const edit = (prefix: string, change: (part: Json) => void) => (files: Map<string, string>) => {
    for (const [name, text] of files) {
      if (!name.startsWith(prefix)) continue;
      const p = JSON.parse(text);
      change(p);
      files.set(name, JSON.stringify(p));
    }
  };
  const firstDim = (d: Json) => ((d.meta as Json).dim as Json[])[0]!;
  const widgetData = (r: Json) => (((r.settingMeta as Json).widgets as Json[])[0]!.data as Json);
  const cases: Array<[string, () => Buffer, string]> = [
    ['a dataset reading a table outside the package', () => repack(pkgV1, edit('datasets/', (d) => (firstDim(d).table = 'sys_user'))), '读取的表「sys_user」不在应用包中'],
    ['a dataset on an external datasource', () => repack(pkgV1, edit('datasets/', (d) => (d.datasource = { dbType: 'postgresql', host: '10.0.0.1' }))), '外部数据源不随应用包导出'],
    ['a dataset column outside the whitelist', () => repack(pkgV1, edit('datasets/', (d) => (firstDim(d).column = 'x; drop table sys_user'))), '字段名不合法'],
    ['a calculated field that does not parse', () => repack(pkgV1, edit('datasets/', (d) => ((d.meta as Json).measure as Json[]).push({ id: 'm9', table: firstDim(d).table, column: 'calc', desc: '坏公式', dataType: 'Number', alias: '', express: '${load_ton} * * 2' }))), '计算字段「坏公式」的公式不正确'],
    ['a dataset column the form lacks', () => repack(pkgV1, edit('datasets/', (d) => (firstDim(d).column = 'nope'))), '字段「所属企业」不在表单中'],
    ['a report reading a dataset outside the package', () => repack(pkgV1, edit('reports/', (r) => (widgetData(r).dataset = '7'))), '引用的数据集或表「7」不在应用包中'],
    ['a report reading a form table by id', () => repack(pkgV1, edit('reports/', (r) => ((widgetData(r).classAxis as Json[])[0]!.table = 'form_1'))), '引用的数据集或表「form_1」不在应用包中'],
    ['a report granted to roles by id', () => repack(pkgV1, edit('reports/', (r) => (r.roles = [1]))), '授权角色须以角色编码列出'],
  ];
  for (const [what, make, reason] of cases) {
    it(what, async () => expectRefusedWhole(await thirdApp(), make(), reason, fingerprint), 60_000);
  }

  it('a report that also reads a dataset on an external datasource refuses the export, named', async () => {
    const ext = (await source.sql.query(`insert into report_datasource (name, db_type, host, port, database_name, username) values ('外部库', 'postgresql', '10.0.0.9', 5432, 'x', 'u') returning id`)).rows[0].id;
    const extDataset = (await source.sql.query(`insert into report_dataset (name, datasource_id, ds_meta) values ('外部数据集', $1, '{"dim":[],"measure":[]}') returning id`, [ext])).rows[0].id;
    const dataset = String((await source.sql.query(`select id from report_dataset where name = '包报表数据集'`)).rows[0].id);
    const mixed = design(dataset, srcForm, 'mixed');
    (mixed.widgets as Json[]).push({ ...(mixed.widgets as Json[])[0]!, id: 2, data: { ...((mixed.widgets as Json[])[0]!.data as Json), dataset: String(extDataset), classAxis: [], valueAxis: [] } });
    expect((await source.call(srcAdmin, 'POST', '/api/report/datareport/save', { reportName: '混合报表', settingMeta: mixed })).json()).toMatchObject({ errCode: 0 });
    const res = await source.call(srcAdmin, 'POST', '/api/apppackage/export', { code: 'rptpkg', name: '报表应用', version: '2.0.0', formIds: [srcForm] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errMsg).toContain('报表「混合报表」还使用了不在应用中的数据集或表');
    expect(res.json().errMsg).toContain('外部数据源的数据集不随应用包导出');
    await source.sql.query(`delete from report_def where report_name = '混合报表'`);
  });
});

describe('卸载', () => {
  it('removes the dashboard, its grants and menu, and the dataset, with the form', async () => {
    const other = await thirdApp();
    expect((await upload(other.t, other.admin, 'import', pkgV1)).json()).toMatchObject({ errCode: 0 });
    const un = await other.t.call(other.admin, 'POST', '/api/apppackage/uninstall', { code: 'rptpkg' });
    expect(un.json(), un.body).toMatchObject({ errCode: 0 });
    const left = await other.t.sql.query(`select (select count(*)::int from report_def where report_name = '包报表大屏') reports, (select count(*)::int from report_dataset where name = '包报表数据集') datasets,
      (select count(*)::int from sys_menu where name = '包报表大屏') menus, (select count(*)::int from form_conf where form_name = '包报表车辆') forms`);
    expect(left.rows[0]).toEqual({ reports: 0, datasets: 0, menus: 0, forms: 0 });
  }, 60_000);
});
