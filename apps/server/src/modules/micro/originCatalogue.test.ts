import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import khConfig from '../../../../../../shared/reference/origin/1298350966-ioc-vue-ts/kh.config.json' with { type: 'json' };
import { HAZMAT_VEHICLE_FORM_NAME } from '@park/core';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/testApp.ts';
import { insertTenant, type TestTenant } from '../../../test/t3Tenants.ts';
import { multipart } from '../../../test/multipart.ts';
import { png } from '../../../test/sampleFiles.ts';

/*
 * Issue 37 "Every micro-app and workbench call of the catalogue answers the original's shapes":
 * each /api/micro/… path of the original client's catalogue (kh.config.json at 60858bd), plus the
 * 选择部门与人员 browse and the 移动端列表 preview, called as its Vue code calls it (method, FORM /
 * query / JSON body), and the fields that Vue code reads from the reply checked to be there with
 * the type it uses. Each case names the file whose reads it checks. micro.test.ts holds the rules,
 * the refusals and 可见范围; this file is the catalogue walk.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are read loosely, as the Vue client does
type Json = Record<string, any>;
let t: TestApp;
let admin: string;
let tenant: TestTenant;
let vehicleForm: number;
let iconId: number;
const ids: Record<'fn' | 'fn2' | 'app' | 'app2' | 'template', number> = { fn: 0, fn2: 0, app: 0, app2: 0, template: 0 };

const q = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, String(v)])).toString();

/** `this.$Post(url, KHUtils.transformRequest(obj))`: a FORM body. */
async function postForm(url: string, fields: Record<string, string | number>): Promise<Json> {
  const r = await t.app.inject({ method: 'POST', url, headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' }, payload: q(fields) });
  expect(r.statusCode, `${url} ${r.body}`).toBe(200);
  return r.json();
}

/** `this.$Get(url, params)` (also the template writes, which the original sends as GET). */
async function getJson(url: string, params: Record<string, string | number> = {}, cookie = admin): Promise<Json> {
  const r = await t.call(cookie, 'GET', Object.keys(params).length ? `${url}?${q(params)}` : url);
  expect(r.statusCode, `${url} ${r.body}`).toBe(200);
  return r.json();
}

/** `this.$PostJson(url, body)`. */
async function postJson(url: string, body: unknown, cookie = admin): Promise<Json> {
  const r = await t.call(cookie, 'POST', url, body);
  expect(r.statusCode, `${url} ${r.body}`).toBe(200);
  return r.json();
}

/** The paths of the catalogue this file walks; the first test checks it is the whole micro part of kh.config.json. */
const WALKED = new Set<string>();
const api = (name: keyof typeof khConfig.api): string => {
  const path = khConfig.api[name] as string;
  WALKED.add(path);
  return path;
};

const ROW_OF_FUNCTION = { id: expect.any(Number), funName: expect.any(String), type: expect.any(Number) };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  tenant = await insertTenant(t, '丙目录化工');
  vehicleForm = Number((await t.sql.query(`select id from form_conf where form_name = $1 and company_id is null`, [HAZMAT_VEHICLE_FORM_NAME])).rows[0].id);
  const { payload, contentType } = multipart([{ name: 'file', filename: 'logo.png', data: png() }]);
  const up = await t.app.inject({ method: 'POST', url: '/api/file/upload', headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest', 'content-type': contentType }, payload });
  iconId = up.json().datas[0].fileId;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the catalogue of the original client', () => {
  it('names no /api/micro path this walk leaves out', () => {
    // Touch every path the cases below call, in the order they call them.
    for (const name of [
      'addMicroAppFunction', 'listMicroAppFunction', 'getMicroAppFunction', 'updateMicroAppFunction', 'deleteMicroAppFunction',
      'addMicroApp', 'listMicroApp', 'getMicroApp', 'listMicroAppFunctionByAppId', 'updateMicroApp', 'deleteMicroApp',
      'addMicroAppTemplate', 'queryMicroAppTemplate', 'updateMicroAppTemplate', 'saveTemplateMenu', 'queryTemplateMenuTreeByTemplateId', 'deleteMicroAppTemplate',
      'saveWorkbench', 'queryWorkbenchTreesByTenantId', 'listTenantOrgStructure', 'previewQueryAppFormData',
    ] as const) api(name);
    const micro = Object.values(khConfig.api).filter((p): p is string => typeof p === 'string' && p.startsWith('/api/micro/'));
    expect(micro.length).toBeGreaterThanOrEqual(19);
    expect(micro.filter((p) => !WALKED.has(p))).toEqual([]);
  });
});

describe('功能管理 (views/microApp/function/MicroAppFunction.vue)', () => {
  it('add / list / get / update answer what the page reads', async () => {
    const form = { funName: '目录车辆登记', type: 1, showType: 2, formId: vehicleForm, menuUrl: `/form/list/${vehicleForm}`, component: 'FormCustom', tag: '车辆,登记', explanation: '说明', iconId };
    const added = await postForm(api('addMicroAppFunction'), form);
    expect(added).toMatchObject({ errCode: 0 });
    ids.fn = added.id;
    ids.fn2 = (await postForm(api('addMicroAppFunction'), { funName: '目录专项', type: 2, showType: 0 })).id;
    // getList(): res.datas, res.totalCount; the table reads iconId, funName, tag (split on ","), type; 修改 passes row.id.
    const list = await getJson(api('listMicroAppFunction'), { pageNum: 1, pageSize: 10, funName: '目录车辆', tag: '', type: '' });
    expect(list).toMatchObject({ errCode: 0, totalCount: 1, datas: [{ ...ROW_OF_FUNCTION, id: ids.fn, funName: '目录车辆登记', tag: '车辆,登记', iconId: String(iconId) }] });
    // handleUpdate(id): this.form = res.microAppFunction — every field of the dialog.
    const got = (await getJson(api('getMicroAppFunction'), { id: ids.fn })).microAppFunction;
    expect(got).toMatchObject({ id: ids.fn, iconId: String(iconId), funName: '目录车辆登记', type: 1, showType: 2, menuUrl: form.menuUrl, component: 'FormCustom', tag: '车辆,登记', explanation: '说明' });
    // The dialog's form goes back whole (transformRequest of this.form): its own reply read as is.
    expect(await postForm(api('updateMicroAppFunction'), { ...got, funName: '目录车辆入园登记' })).toMatchObject({ errCode: 0 });
    expect((await getJson(api('getMicroAppFunction'), { id: ids.fn })).microAppFunction.funName).toBe('目录车辆入园登记');
  });
});

describe('微应用管理 (views/microApp/app/MicroAppManager.vue, components/micro-app/AppList.vue)', () => {
  it('add / list / get with listByAppId / update answer what the pages read', async () => {
    const added = await postForm(api('addMicroApp'), { appType: 0, tag: '车辆,安全', appName: '目录车辆应用', introduce: '入园登记', iconName: 'cheliangguanli', iconBgColor: '#67C23A', funIds: `${ids.fn},${ids.fn2}` });
    expect(added).toMatchObject({ errCode: 0 });
    ids.app = added.id;
    ids.app2 = (await postForm(api('addMicroApp'), { appType: 0, tag: '', appName: '目录待删应用', introduce: '', iconName: 'anquan', iconBgColor: '#409EFF', funIds: String(ids.fn2) })).id;
    // getList(): res.totalCount, res.datas; rows: iconId, appName, tag (split), iconName, iconBgColor, introduce, id.
    const list = await getJson(api('listMicroApp'), { pageNum: 1, pageSize: 10, appName: '目录车辆', introduce: '', tag: '' });
    expect(list).toMatchObject({ errCode: 0, totalCount: 1, datas: [{ id: ids.app, appName: '目录车辆应用', introduce: '入园登记', tag: '车辆,安全', iconName: 'cheliangguanli', iconBgColor: '#67C23A' }] });
    expect(list.datas[0]).toHaveProperty('iconId');
    // handleUpdate(id): res.microApp's seven fields, and res.datas of listByAppId as the 功能类目 (id, iconId, funName).
    const app = (await getJson(api('getMicroApp'), { id: ids.app })).microApp;
    expect(app).toMatchObject({ id: ids.app, appName: '目录车辆应用', introduce: '入园登记', tag: '车辆,安全', iconName: 'cheliangguanli', iconBgColor: '#67C23A' });
    expect(app).toHaveProperty('iconId');
    const fns = (await getJson(api('listMicroAppFunctionByAppId'), { appId: ids.app })).datas as Json[];
    expect(fns.map((f) => f.id).sort()).toEqual([ids.fn, ids.fn2].sort());
    for (const f of fns) {
      expect(f).toMatchObject(ROW_OF_FUNCTION);
      expect(f).toHaveProperty('iconId');
    }
    // updateForm = the seven fields + func; sent with funIds joined.
    expect(await postForm(api('updateMicroApp'), { id: app.id, appName: app.appName, introduce: '危化品车辆入园登记', tag: app.tag, iconName: app.iconName, iconBgColor: app.iconBgColor, funIds: String(ids.fn) })).toMatchObject({ errCode: 0 });
    expect((await getJson(api('listMicroAppFunctionByAppId'), { appId: ids.app })).datas.map((f: Json) => f.id)).toEqual([ids.fn]);
  });
});

describe('模板管理 (views/microApp/template/MicroAppTemplate.vue, components/micro-app/WorkbenchTemplate.vue)', () => {
  it('the GET writes, `count` with datas, and the template tree', async () => {
    const added = await getJson(api('addMicroAppTemplate'), { templateName: '目录模板', applyIndustry: '化工', explanation: '说明' });
    expect(added).toMatchObject({ errCode: 0 });
    ids.template = added.id;
    // queryMicroAppTemplate(): res.errCode === 0, res.count, res.datas; rows: id, templateName, applyIndustry, explanation.
    const list = await getJson(api('queryMicroAppTemplate'), { pageNum: 1, pageSize: 10, templateName: '目录模板', applyIndustry: '', explanation: '' });
    expect(list).toMatchObject({ errCode: 0, count: 1, datas: [{ id: ids.template, templateName: '目录模板', applyIndustry: '化工', explanation: '说明' }] });
    expect((await getJson(api('updateMicroAppTemplate'), { id: ids.template, templateName: '目录模板', applyIndustry: '精细化工', explanation: '说明' })).errCode).toBe(0);
    const tree = [{ id: null, menuName: '安全管理', level: 1, type: 1, sort: 1, permissions: [], children: [{ id: null, menuName: '车辆', level: 2, type: 1, sort: 1, permissions: [], children: [{ id: null, menuName: '目录车辆应用', level: 3, type: 2, appId: ids.app, appType: 0, quickApp: 1, sort: 1, permissions: [] }] }] }];
    expect((await postJson(api('saveTemplateMenu'), { templateId: ids.template, templateMenus: tree })).errCode).toBe(0);
    // queryTemplateMenuTreeByTemplateId + "/" + id: res.datas, the editor's node shape.
    const loaded = (await getJson(`${api('queryTemplateMenuTreeByTemplateId')}/${ids.template}`)).datas as Json[];
    expectEditorTree(loaded, ids.app);
    // Deleted with GET ids (a comma list), after the tenant's copy below has been made.
  });
});

/** The fields WorkbenchTenant.vue / WorkbenchTemplate.vue read of a tree: menuName, level, type, sort, children, permissions; apps add appId, appType, appIconId, quickApp. */
function expectEditorTree(nodes: Json[], appId: number, permissionsOf?: Json[]) {
  expect(nodes).toHaveLength(1);
  const group = nodes[0]!;
  expect(group).toMatchObject({ id: expect.any(Number), menuName: '安全管理', level: 1, type: 1, sort: 1, permissions: expect.any(Array), children: [expect.any(Object)] });
  const sub = group.children[0];
  expect(sub).toMatchObject({ id: expect.any(Number), menuName: '车辆', level: 2, type: 1, children: [expect.any(Object)] });
  const app = sub.children[0];
  expect(app).toMatchObject({ id: expect.any(Number), menuName: '目录车辆应用', level: 3, type: 2, appId, appType: 0, quickApp: 1, permissions: permissionsOf ?? [] });
  expect(app).toHaveProperty('appIconId');
}

describe('工作台 of a tenant (components/micro-app/WorkbenchTenant.vue, TenantOreTransfer.vue; tenant/manage/TenantManage.vue)', () => {
  it('browses 组织架构 (list of id, name, type 0/1), saves the copied template with 可见范围 and loads it back', async () => {
    // queryOrgUser(null, 0): res.list; each item's id, name, type (isOrg: type == 0). `level` is only copied into the breadcrumb, never read.
    const top = (await getJson(api('listTenantOrgStructure'), { tenantId: tenant.id })).list as Json[];
    expect(top.length).toBeGreaterThan(0);
    for (const item of top) expect(item).toMatchObject({ id: expect.any(Number), name: expect.any(String), type: expect.any(Number) });
    const root = top.find((i) => i.type === 0)!;
    const below = (await getJson(api('listTenantOrgStructure'), { orgId: root.id, tenantId: tenant.id })).list as Json[];
    expect(Array.isArray(below)).toBe(true);
    // 复制已有模板: the template cards (res.count, res.datas: id, templateName, applyIndustry), then its tree with every id blanked.
    const cards = await getJson(api('queryMicroAppTemplate'), { pageNum: 1, pageSize: 8 });
    expect(cards.count).toBeGreaterThan(0);
    expect(cards.datas.find((c: Json) => c.id === ids.template)).toMatchObject({ templateName: '目录模板', applyIndustry: '精细化工' });
    const blank = (nodes: Json[]): Json[] => nodes.map((n) => ({ ...n, id: null, children: blank(n.children ?? []) }));
    const copied = blank((await getJson(`${api('queryTemplateMenuTreeByTemplateId')}/${ids.template}`)).datas);
    // 可见范围: permissions[{subId, subName, type}] from the transfer's choice.
    const permissions = [{ subId: root.id, subName: root.name, type: 0 }];
    copied[0]!.children[0].children[0].permissions = permissions;
    expect((await postJson(api('saveWorkbench'), { tenantId: tenant.id, workbenchMenus: copied })).errCode).toBe(0);
    // queryWorkbenchTreesByTenantId + "/" + tenantId: res.errCode === 0, res.datas — read by the park and by the tenant's 主管理员.
    for (const cookie of [admin, tenant.cookie!]) {
      const loaded = (await getJson(`${api('queryWorkbenchTreesByTenantId')}/${tenant.id}`, {}, cookie)).datas as Json[];
      expectEditorTree(loaded, ids.app, permissions);
    }
    // The phone's home (ours, workbench-contract.md): the same tree pruned to the caller, each app with its functions.
    const mine = (await getJson('/api/micro/workbench/myWorkbench', { client: 'mobile' }, tenant.cookie!)).datas as Json[];
    const placed = mine[0]!.children[0].children[0];
    expect(placed).toMatchObject({ type: 2, appId: ids.app, quickApp: 1, app: { appName: '目录车辆应用', iconName: 'cheliangguanli', iconBgColor: '#67C23A', functions: [{ id: ids.fn, funName: '目录车辆入园登记', type: 1, showType: 2, formId: String(vehicleForm) }] } });
  });

  it('the deletes the pages send (FORM ids for functions and apps, GET ids for templates)', async () => {
    expect(await postForm(api('deleteMicroApp'), { ids: String(ids.app2) })).toMatchObject({ errCode: 0 });
    expect((await getJson(api('listMicroApp'), { pageNum: 1, pageSize: 10, appName: '目录待删' })).totalCount).toBe(0);
    expect(await postForm(api('deleteMicroAppFunction'), { ids: String(ids.fn2) })).toMatchObject({ errCode: 0 });
    expect((await getJson(api('listMicroAppFunction'), { pageNum: 1, pageSize: 10, funName: '目录专项' })).totalCount).toBe(0);
    expect(await getJson(api('deleteMicroAppTemplate'), { ids: String(ids.template) })).toMatchObject({ errCode: 0 });
    expect((await getJson(api('queryMicroAppTemplate'), { pageNum: 1, pageSize: 10, templateName: '目录模板' })).count).toBe(0);
  });
});

describe('移动端列表 preview (components/app-preview/AppPreview.vue)', () => {
  it('previewQueryAppFormData answers datas, the rows of the card slots', async () => {
    const reply = await postJson(api('previewQueryAppFormData'), { pageNum: 1, pageSize: 10, formId: vehicleForm, tableItem: { cols: [], title: [], rightTop: [], leftBottom: [], rightBottom: [] }, queryConditions: [] });
    expect(reply.errCode).toBe(0);
    expect(Array.isArray(reply.datas)).toBe(true);
    for (const row of reply.datas as Json[]) expect(row).toHaveProperty('id');
  });
});
