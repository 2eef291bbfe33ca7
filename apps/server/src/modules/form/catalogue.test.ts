import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { control, createForm } from '../importExport/testSupport.ts';

/*
 * Calls of the catalogue a client of the original platform makes (issue 27), each called exactly as
 * that client calls it: listRouter without /1, listFormData as a GET with the form id in the path,
 * the list page's V2 data calls and saveFormSeniorConfV2.
 */

let t: TestApp;
let admin: string;
let formId: number;

const FORM = 'application/x-www-form-urlencoded';

function postForm(cookie: string, url: string, body: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': FORM },
    payload: body,
  });
}

const meta = {
  list: [
    control('input', '名称', 'f_name'),
    control('select', '级别', 'f_level', { options: [{ value: '1', label: '一级' }, { value: '2', label: '二级' }] }),
    control('number', '数量', 'f_qty'),
  ],
  config: {},
  sensorSettings: { queryConditions: [{ key: 'f_name', opt: '$like' }], queryResults: ['f_name', 'f_qty'] },
};

/** A layout as the original's 高级设置 page saves it: a query widget above a table widget. */
const layout = {
  version: 1,
  widgets: [
    { id: 1764000000002, type: 'queryWidget', name: '查询控件', conditions: [{ key: 'f_name', opt: '$like', label: '名称' }] },
    {
      id: 1764000000001,
      type: 'reportWidget',
      reportType: 'tableReportWidget',
      name: '一级清单',
      data: {
        cols: [{ key: '$seq', name: '序号' }, { key: 'f_name', name: '名称', alias: '物料' }, { key: 'f_qty', name: '数量' }],
        btns: [{ key: 'add', name: '登记' }],
        optButtons: [{ key: 'detail', label: '查看' }],
        condFilters: [{ condType: 'single', key: 'f_level', matchType: '$eq', value: '1' }],
        querySort: [{ key: 'f_qty', sort: 'desc', name: '数量' }],
      },
      showType: { tableShowType: 'vertical', addShowType: 'prop' },
      style: { pagination: true, pageSize: 20 },
    },
  ],
};

async function formMeta(): Promise<Record<string, unknown>> {
  const res = await t.call(admin, 'GET', `/api/form/formconf/getbyid/${formId}`);
  expect(res.json(), res.body).toMatchObject({ errCode: 0 });
  return JSON.parse(res.json().formConf.formMeta as string) as Record<string, unknown>;
}

const names = (res: { json(): { datas: Array<{ f_name: string }> } }) => res.json().datas.map((r) => r.f_name);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  formId = await createForm(t, admin, '物料登记', meta);
  // Records posted form-encoded the way the original client does: raw UTF-8 and URL-encoded alike.
  const rows = [
    `f_name=甲醇&f_level=1&f_qty=5`,
    `f_name=${encodeURIComponent('甲苯')}&f_level=1&f_qty=9`,
    `f_name=乙醇&f_level=2&f_qty=7`,
    `f_name=${encodeURIComponent('甲烷')}&f_level=2&f_qty=1`,
  ];
  for (const body of rows) {
    const res = await postForm(admin, `/api/form/addformdata/${formId}`, body);
    expect(res.json(), res.body).toMatchObject({ errCode: 0 });
  }
});
afterAll(() => t.close());

describe('listRouter', () => {
  it('answers the catalogue path without /1 as listRouter/1', async () => {
    const bare = await t.call(admin, 'GET', '/api/user/listRouter');
    const one = await t.call(admin, 'GET', '/api/user/listRouter/1');
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toEqual(one.json());
    expect(bare.json().children.length).toBeGreaterThan(0);
  });
});

describe('listFormData: GET /api/form/queryformdata/{formId}', () => {
  it('pages the records like the POST', async () => {
    const res = await t.call(admin, 'GET', `/api/form/queryformdata/${formId}?pageNum=1&pageSize=3`);
    expect(res.json()).toMatchObject({ errCode: 0, totalCount: 4 });
    expect(res.json().datas).toHaveLength(3);
    const page2 = await t.call(admin, 'GET', `/api/form/queryformdata/${formId}?pageNum=2&pageSize=3`);
    expect(page2.json().datas).toHaveLength(1);
    // Without paging: the first 10.
    expect((await t.call(admin, 'GET', `/api/form/queryformdata/${formId}`)).json().datas).toHaveLength(4);
  });

  it('takes conditions and a sort as JSON text, URL-encoded or raw UTF-8', async () => {
    const conds = JSON.stringify([{ key: 'f_name', type: '$like', value: '甲' }]);
    const sort = JSON.stringify({ key: 'f_qty', sort: 'asc' });
    const encoded = await t.call(admin, 'GET', `/api/form/queryformdata/${formId}?queryConditions=${encodeURIComponent(conds)}&sort=${encodeURIComponent(sort)}`);
    expect(names(encoded)).toEqual(['甲烷', '甲醇', '甲苯']);
    const raw = await t.call(admin, 'GET', `/api/form/queryformdata/${formId}?pageNum=1&queryConditions=${conds}`);
    expect(raw.json().totalCount).toBe(3);
  });

  it('refuses a bad form id, bad JSON and an unknown key with 400 or 404, in Chinese', async () => {
    expect((await t.call(admin, 'GET', '/api/form/queryformdata/abc')).statusCode).toBe(400);
    expect((await t.call(admin, 'GET', '/api/form/queryformdata/999999')).statusCode).toBe(404);
    const bad = await t.call(admin, 'GET', `/api/form/queryformdata/${formId}?queryConditions=%5B`);
    expect(bad.json()).toEqual({ errCode: 400, errMsg: 'queryConditions 不是有效的JSON' });
    const unknown = await t.call(admin, 'GET', `/api/form/queryformdata/${formId}?queryConditions=${encodeURIComponent('[{"key":"passwd","type":"$eq","value":"1"}]')}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errMsg).toContain('查询条件字段不存在');
  });
});

describe('sensorSettingsV2', () => {
  it('is derived from sensorSettings when a design is saved without one, and served in getbyid', async () => {
    const m = await formMeta();
    const v2 = m.sensorSettingsV2 as { derivedFrom: string; widgets: Array<{ id: number; type: string }> };
    expect(v2.derivedFrom).toBe('sensorSettings');
    expect(v2.widgets.map((w) => [w.id, w.type])).toEqual([[2, 'queryWidget'], [1, 'reportWidget']]);
    // The derived table widget carries no filters: queryFormDataV2 on it answers every record.
    const res = await t.call(admin, 'POST', '/api/form/queryFormDataV2', { formId, widgetId: 1, pageNum: 1, pageSize: 10 });
    expect(res.json()).toMatchObject({ errCode: 0, totalCount: 4 });
  });

  it('saveFormSeniorConfV2 keeps a layout; queryFormDataV2 applies its table widget\'s filters and sort', async () => {
    const saved = await t.call(admin, 'POST', '/api/form/formconf/saveFormSeniorConfV2', { formId, sensorSettingsV2: layout, appSensorSettings: {} });
    expect(saved.json(), saved.body).toEqual({ errCode: 0 });
    expect((await formMeta()).sensorSettingsV2).toEqual(layout);

    const body = { formId: String(formId), widgetId: layout.widgets[1]!.id, widget: {}, pageNum: 1, pageSize: 10, queryConditions: [] };
    const all = await t.call(admin, 'POST', '/api/form/queryFormDataV2', body);
    expect(names(all)).toEqual(['甲苯', '甲醇']);
    const narrowed = await t.call(admin, 'POST', '/api/form/queryFormDataV2', { ...body, queryConditions: [{ key: 'f_name', type: '$like', value: '醇' }] });
    expect(names(narrowed)).toEqual(['甲醇']);
    // widgetId 0 (the original's default) means the first table widget.
    expect(names(await t.call(admin, 'POST', '/api/form/queryFormDataV2', { ...body, widgetId: 0 }))).toEqual(['甲苯', '甲醇']);
    // A clicked column's sort wins over the widget's.
    expect(names(await t.call(admin, 'POST', '/api/form/queryFormDataV2', { ...body, sort: [{ key: 'f_qty', sort: 'asc' }] }))).toEqual(['甲醇', '甲苯']);
    const missing = await t.call(admin, 'POST', '/api/form/queryFormDataV2', { ...body, widgetId: 42 });
    expect(missing.json()).toEqual({ errCode: 404, errMsg: '表格控件不存在: 42' });
  });

  it('keeps a saved layout when the designer saves the form again, and clearing it derives one again', async () => {
    const design = (await t.call(admin, 'GET', `/api/form/design/${formId}`)).json();
    const again = await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: design.formMeta });
    expect(again.json(), again.body).toMatchObject({ errCode: 0 });
    expect((await formMeta()).sensorSettingsV2).toEqual(layout);

    expect((await t.call(admin, 'POST', '/api/form/formconf/saveFormSeniorConfV2', { formId, sensorSettingsV2: null })).json()).toEqual({ errCode: 0 });
    expect((await formMeta()).sensorSettingsV2).toMatchObject({ derivedFrom: 'sensorSettings' });
    // Sent as JSON text, as the original sends formMeta.
    const asText = await t.call(admin, 'POST', '/api/form/formconf/saveFormSeniorConfV2', { formId, sensorSettingsV2: JSON.stringify(layout) });
    expect(asText.json()).toEqual({ errCode: 0 });
    expect((await formMeta()).sensorSettingsV2).toEqual(layout);
  });

  it('refuses a layout naming a column the form lacks, an unknown widget, a bad filter, or no table', async () => {
    const save = (v2: unknown) => t.call(admin, 'POST', '/api/form/formconf/saveFormSeniorConfV2', { formId, sensorSettingsV2: v2 });
    const table = layout.widgets[1]!;
    const badCol = await save({ widgets: [{ ...table, data: { ...table.data, cols: [{ key: 'password_hash' }] } }] });
    expect(badCol.statusCode).toBe(400);
    expect(badCol.json().errMsg).toBe('一级清单的列「password_hash」不是表单的字段');
    const badType = await save({ widgets: [table, { id: 9, type: 'scriptWidget', name: '脚本' }] });
    expect(badType.json().errMsg).toBe('控件「脚本」的类型「scriptWidget」不受支持');
    const badFilter = await save({ widgets: [{ ...table, data: { ...table.data, condFilters: [{ key: 'f_qty', matchType: '$drop' }] } }] });
    expect(badFilter.json().errMsg).toBe('表格的过滤条件：不支持的匹配类型: $drop');
    expect((await save({ widgets: [] })).json().errMsg).toBe('高级设置至少需要一个表格控件');
    expect((await save('{')).json().errMsg).toBe('高级设置不是有效的JSON');
    // Nothing was written by the refused saves.
    expect((await formMeta()).sensorSettingsV2).toEqual(layout);
  });

  it('previewQueryFormDataV2 runs the widget in the body; designers only', async () => {
    const widget = { id: 5, type: 'reportWidget', reportType: 'tableReportWidget', data: { condFilters: [{ condType: 'single', key: 'f_level', matchType: '$eq', value: '2' }], querySort: [{ key: 'f_qty', sort: 'asc' }] } };
    const res = await t.call(admin, 'POST', '/api/form/previewQueryFormDataV2', { formId, widgetId: 5, widget, pageNum: 1, pageSize: 10, queryConditions: [] });
    expect(names(res)).toEqual(['甲烷', '乙醇']);
    const bad = await t.call(admin, 'POST', '/api/form/previewQueryFormDataV2', { formId, widget: { data: { condFilters: [{ key: 'nope', matchType: '$eq', value: 1 }] } }, pageNum: 1, pageSize: 10 });
    expect(bad.statusCode).toBe(400);

    await t.sql.query(
      `insert into sys_user (username, password_hash, real_name, user_type) select 'plain', password_hash, '普通用户', 0 from sys_user where username = 'admin'`,
    );
    const plain = await t.login('plain');
    expect((await t.call(plain, 'POST', '/api/form/previewQueryFormDataV2', { formId, widget, pageNum: 1, pageSize: 10 })).statusCode).toBe(403);
    expect((await t.call(plain, 'POST', '/api/form/formconf/saveFormSeniorConfV2', { formId, sensorSettingsV2: layout })).statusCode).toBe(403);
  });
});

describe('ids with a trailing comma', () => {
  it('batchdeleteformdata takes businessIds=1,2,', async () => {
    const extra = [];
    for (const name of ['丙酮', '丁烷']) extra.push((await postForm(admin, `/api/form/addformdata/${formId}`, `f_name=${name}&f_level=2&f_qty=3`)).json().businessId as number);
    const res = await t.call(admin, 'GET', `/api/form/batchdeleteformdata/${formId}?businessIds=${extra.join(',')},`);
    expect(res.json()).toEqual({ errCode: 0, deleted: 2 });
  });
});
