import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAZMAT_VEHICLE_FORM_NAME } from '@park/core';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/testApp.ts';
import { insertTenant, type TestTenant } from '../../../test/t3Tenants.ts';
import { multipart } from '../../../test/multipart.ts';
import { pdf, png } from '../../../test/sampleFiles.ts';

/*
 * Issue 37: every /api/micro call in the original's shapes and messages, the refusals (non-admin,
 * another tenant's workbench, bad trees refused whole) and myWorkbench's 可见范围 — real PostgreSQL.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are read loosely in the test
type Json = Record<string, any>;
let t: TestApp;
let admin: string;
let a: TestTenant;
let b: TestTenant;
let vehicleForm: string;

/** A FORM body as the original sends it (k=v&k=v). */
function form(cookie: string, url: string, fields: Record<string, string | number | null | undefined>) {
  const payload = Object.entries(fields)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return t.app.inject({ method: 'POST', url, headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' }, payload });
}
const q = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, String(v)])).toString();

async function uploadIcon(cookie: string, name: string, data: Buffer): Promise<number> {
  const { payload, contentType } = multipart([{ name: 'file', filename: name, data }]);
  const r = await t.app.inject({ method: 'POST', url: '/api/file/upload', headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': contentType }, payload });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().datas[0].fileId as number;
}

async function addUser(tenant: TestTenant | null, name: string, orgId: string): Promise<{ id: string; cookie: string }> {
  const u = await t.sql.query<{ id: string }>(
    `insert into sys_user (username, password_hash, real_name, user_type, company_id, tenant_user_type)
     select $1, password_hash, $2, $3, $4, $5 from sys_user where username = 'admin' returning id`,
    [name, name, tenant ? 2 : 0, tenant?.id ?? null, tenant ? 2 : null],
  );
  await t.sql.query(`insert into sys_user_org (user_id, org_id) values ($1, $2)`, [u.rows[0]!.id, orgId]);
  return { id: u.rows[0]!.id, cookie: await t.login(name, ADMIN_PASSWORD) };
}

let fnId: number;
let appId: number;
let templateId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  a = await insertTenant(t, '甲微应用化工');
  b = await insertTenant(t, '乙微应用化工');
  vehicleForm = (await t.sql.query(`select id from form_conf where form_name = $1 and company_id is null`, [HAZMAT_VEHICLE_FORM_NAME])).rows[0].id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('功能管理', () => {
  it('adds a function with an icon (FORM), lists, gets, updates it in the original\'s shapes', async () => {
    const icon = await uploadIcon(admin, 'icon.png', png());
    const added = await form(admin, '/api/micro/function/add', { funName: '车辆登记', type: 1, showType: 2, formId: vehicleForm, menuUrl: `/form/list/${vehicleForm}`, component: 'FormCustom', tag: '车辆,登记', explanation: '说明', iconId: icon });
    expect(added.json(), added.body).toMatchObject({ errCode: 0, errMsg: '新增成功' });
    fnId = added.json().id;
    const list = (await t.call(admin, 'GET', `/api/micro/function/list?${q({ pageNum: 1, pageSize: 10, funName: '车辆登', tag: '登记', type: 1 })}`)).json();
    expect(list.totalCount).toBe(1);
    expect(list.datas[0]).toMatchObject({ id: fnId, funName: '车辆登记', type: 1, showType: 2, formId: vehicleForm, tag: '车辆,登记', iconId: String(icon) });
    const got = (await t.call(admin, 'GET', `/api/micro/function/get?id=${fnId}`)).json();
    expect(got.microAppFunction).toMatchObject({ id: fnId, menuUrl: `/form/list/${vehicleForm}`, component: 'FormCustom', explanation: '说明' });
    // The icon is held, so the upload collector keeps it.
    const refs = await t.sql.query(`select 1 from sys_file_ref where file_id = $1`, [icon]);
    expect(refs.rowCount).toBe(1);
    const upd = await form(admin, '/api/micro/function/update', { id: fnId, funName: '车辆入园登记', type: 1, showType: 0, formId: vehicleForm, tag: '车辆' });
    expect(upd.json()).toMatchObject({ errCode: 0, errMsg: '修改成功' });
    expect((await t.call(admin, 'GET', `/api/micro/function/get?id=${fnId}`)).json().microAppFunction).toMatchObject({ funName: '车辆入园登记', showType: 0, iconId: null });
  });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const before = (await t.sql.query(`select count(*)::int n from micro_function`)).rows[0].n;
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ funName: ' ', type: 2 }, '请输入功能名称'],
      [{ funName: '无表单', type: 0 }, '表单和流程类功能请选择表单'],
      [{ funName: '坏类型', type: 7 }, '功能类型不合法'],
      [{ funName: '坏表单', type: 0, formId: '999999999' }, '表单不存在'],
      [{ funName: 'x'.repeat(101), type: 2 }, '功能名称不能超过100个字符'],
    ];
    for (const [fields, msg] of cases) {
      const r = await form(admin, '/api/micro/function/add', fields);
      expect(r.statusCode, JSON.stringify(fields)).toBe(400);
      expect(r.json().errMsg).toBe(msg);
    }
    const notImage = await uploadIcon(admin, 'a.pdf', pdf());
    const r = await form(admin, '/api/micro/function/add', { funName: '图标', type: 2, iconId: notImage });
    expect(r.json().errMsg).toBe('只能上传jpg/png文件');
    expect((await t.sql.query(`select count(*)::int n from micro_function`)).rows[0].n).toBe(before);
    expect((await t.call(admin, 'GET', '/api/micro/function/get?id=99999999')).json().errMsg).toBe('功能不存在或已被删除');
  });

  it('is the park\'s: a tenant administrator and a park user without the menu are refused', async () => {
    expect((await t.call(a.cookie!, 'GET', '/api/micro/function/list')).statusCode).toBe(403);
    expect((await form(a.cookie!, '/api/micro/function/add', { funName: 'x', type: 2 })).statusCode).toBe(403);
    const root = (await t.sql.query(`select id from sys_org where company_id is null and parent_id is null limit 1`)).rows[0].id;
    const plain = await addUser(null, 'micro_plain', root);
    expect((await t.call(plain.cookie, 'GET', '/api/micro/function/list')).statusCode).toBe(403);
    expect((await t.call(plain.cookie, 'GET', '/api/micro/app/list')).statusCode).toBe(403);
    expect((await t.call(plain.cookie, 'GET', '/api/micro/template/addMicroAppTemplate?templateName=x', undefined)).statusCode).toBe(403);
  });
});

describe('微应用管理', () => {
  it('adds an app with its functions, icon and colour; gets it with listByAppId; updates it', async () => {
    const added = await form(admin, '/api/micro/app/add', { appType: 0, tag: '车辆', appName: '测试车辆应用', introduce: '介绍', iconName: 'cheliangguanli', iconBgColor: '#67C23A', funIds: String(fnId) });
    expect(added.json(), added.body).toMatchObject({ errCode: 0, errMsg: '添加微应用成功' });
    appId = added.json().id;
    const got = (await t.call(admin, 'GET', `/api/micro/app/get?id=${appId}`)).json();
    expect(got.microApp).toMatchObject({ id: appId, appName: '测试车辆应用', introduce: '介绍', tag: '车辆', iconName: 'cheliangguanli', iconBgColor: '#67C23A', iconId: null });
    const fns = (await t.call(admin, 'GET', `/api/micro/function/listByAppId?appId=${appId}`)).json();
    expect(fns.datas.map((f: Json) => f.id)).toEqual([fnId]);
    const list = (await t.call(admin, 'GET', `/api/micro/app/list?${q({ pageNum: 1, pageSize: 10, appName: '测试车辆' })}`)).json();
    expect(list).toMatchObject({ errCode: 0, totalCount: 1 });
    const upd = await form(admin, '/api/micro/app/update', { id: appId, appName: '测试车辆应用', iconName: 'cheliangguanli', iconBgColor: '#409EFF', funIds: '' });
    expect(upd.json()).toMatchObject({ errCode: 0, errMsg: '更新成功' });
    expect((await t.call(admin, 'GET', `/api/micro/function/listByAppId?appId=${appId}`)).json().datas).toEqual([]);
    await form(admin, '/api/micro/app/update', { id: appId, appName: '测试车辆应用', iconName: 'cheliangguanli', iconBgColor: '#409EFF', funIds: String(fnId) });
  });

  it('refuses a colour outside the five, an unknown function, an empty name', async () => {
    expect((await form(admin, '/api/micro/app/add', { appName: '坏', iconBgColor: '#123456' })).json().errMsg).toBe('图标颜色只能是五种预设颜色之一');
    expect((await form(admin, '/api/micro/app/add', { appName: '坏', funIds: '99999999' })).json().errMsg).toBe('所选功能不存在或已被删除');
    expect((await form(admin, '/api/micro/app/add', { appName: '' })).json().errMsg).toBe('请输入应用名称');
    expect((await form(admin, '/api/micro/app/add', { appName: '坏', iconName: 'a"><script>' })).json().errMsg).toBe('图标名称不合法');
    expect((await form(admin, '/api/micro/app/delete', { ids: '' })).json().errMsg).toBe('请选择要删除的项');
  });
});

describe('模板管理 and its 工作台分组', () => {
  const tree = (app: number) => [
    { id: null, menuName: '安全管理', level: 1, type: 1, sort: 1, children: [{ id: null, menuName: '车辆', level: 2, type: 1, sort: 1, children: [{ id: null, menuName: '测试车辆应用', level: 3, type: 2, appId: app, quickApp: 1, sort: 1 }] }] },
    { id: null, menuName: '其他', level: 1, type: 1, sort: 2, children: [] },
  ];

  it('writes templates with GET, answers `count`, saves and loads the tree', async () => {
    const added = (await t.call(admin, 'GET', `/api/micro/template/addMicroAppTemplate?${q({ templateName: '测试模板', applyIndustry: '化工', explanation: '说明' })}`)).json();
    expect(added).toMatchObject({ errCode: 0, errMsg: '新增模板成功' });
    templateId = added.id;
    const list = (await t.call(admin, 'GET', `/api/micro/template/queryMicroAppTemplate?${q({ pageNum: 1, pageSize: 10, templateName: '测试模板' })}`)).json();
    expect(list).toMatchObject({ errCode: 0, count: 1, datas: [{ id: templateId, templateName: '测试模板', applyIndustry: '化工', explanation: '说明' }] });
    expect(list.totalCount).toBeUndefined();
    expect((await t.call(admin, 'GET', `/api/micro/template/updateMicroAppTemplate?${q({ id: templateId, templateName: '测试模板', applyIndustry: '精细化工' })}`)).json().errMsg).toBe('修改模板成功');
    const saved = await t.call(admin, 'POST', '/api/micro/template/saveTemplateMenu', { templateId, templateMenus: tree(appId) });
    expect(saved.json(), saved.body).toMatchObject({ errCode: 0, errMsg: '修改成功' });
    const loaded = (await t.call(admin, 'GET', `/api/micro/template/queryTemplateMenuTreeByTemplateId/${templateId}`)).json().datas;
    expect(loaded).toHaveLength(2);
    expect(loaded[0]).toMatchObject({ menuName: '安全管理', level: 1, type: 1, children: [{ menuName: '车辆', level: 2, children: [{ menuName: '测试车辆应用', level: 3, type: 2, appId, appType: 0, quickApp: 1 }] }] });
    expect(typeof loaded[0].id).toBe('number');
  });

  it('a GET write without the request header is refused (CSRF guard)', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/micro/template/deleteMicroAppTemplate?ids=${templateId}`, headers: { cookie: admin } });
    expect(r.statusCode).toBe(403);
  });

  it('refuses a bad tree whole and keeps the saved one', async () => {
    const bad: Array<[unknown, string]> = [
      [[{ menuName: '应用', level: 1, type: 2, appId }], '“应用”：应用只能添加在二级分组下'],
      [[{ menuName: '组', level: 1, type: 1, children: [{ menuName: '应用', level: 2, type: 2, appId }] }], '“组 › 应用”：应用只能添加在二级分组下'],
      [[{ menuName: '组', level: 1, type: 1, children: [{ menuName: '子', level: 2, type: 1, children: [{ menuName: '孙', level: 3, type: 1 }] }] }], '“组 › 子 › 孙”：二级分组下只能添加应用'],
      [[{ menuName: '组', level: 2, type: 1 }], '“组”层级不正确：应为第1级'],
      [[{ menuName: ' ', level: 1, type: 1 }], '分组名称不能为空'],
      [[{ menuName: '组', level: 1, type: 1, children: [{ menuName: '子', level: 2, type: 1, children: [{ menuName: '无', level: 3, type: 2, appId: 99999999 }] }] }], '所选微应用不存在或已被删除'],
      ['not a tree', '工作台分组数据不合法'],
    ];
    for (const [templateMenus, msg] of bad) {
      const r = await t.call(admin, 'POST', '/api/micro/template/saveTemplateMenu', { templateId, templateMenus });
      expect(r.statusCode, JSON.stringify(templateMenus)).toBe(400);
      expect(r.json().errMsg).toBe(msg);
    }
    const loaded = (await t.call(admin, 'GET', `/api/micro/template/queryTemplateMenuTreeByTemplateId/${templateId}`)).json().datas;
    expect(loaded.map((n: Json) => n.menuName)).toEqual(['安全管理', '其他']);
  });

  it('deletes templates with GET ids, and says which to choose first', async () => {
    const extra = (await t.call(admin, 'GET', `/api/micro/template/addMicroAppTemplate?templateName=${encodeURIComponent('待删模板')}`)).json().id;
    expect((await t.call(admin, 'GET', '/api/micro/template/deleteMicroAppTemplate?ids=')).json().errMsg).toBe('请选择需要删除的模板！');
    expect((await t.call(admin, 'GET', `/api/micro/template/deleteMicroAppTemplate?ids=${extra}`)).json()).toMatchObject({ errCode: 0, errMsg: '删除模板成功' });
    expect((await t.call(admin, 'GET', `/api/micro/template/queryTemplateMenuTreeByTemplateId/${extra}`)).statusCode).toBe(404);
    expect((await t.call(admin, 'GET', `/api/micro/template/addMicroAppTemplate?templateName=`)).json().errMsg).toBe('请输入模板名称');
  });
});

describe('工作台 of a tenant', () => {
  let orgA: string;
  let deptA: string;
  let inDept: { id: string; cookie: string };
  let elsewhere: { id: string; cookie: string };
  let named: { id: string; cookie: string };

  beforeAll(async () => {
    orgA = (await t.sql.query(`select id from sys_org where company_id = $1 and parent_id is null`, [a.id])).rows[0].id;
    deptA = (await t.sql.query(`insert into sys_org (org_name, parent_id, company_id) values ('安全部', $1, $2) returning id`, [orgA, a.id])).rows[0].id;
    const team = (await t.sql.query(`insert into sys_org (org_name, parent_id, company_id) values ('巡检班', $1, $2) returning id`, [deptA, a.id])).rows[0].id;
    const other = (await t.sql.query(`insert into sys_org (org_name, parent_id, company_id) values ('财务部', $1, $2) returning id`, [orgA, a.id])).rows[0].id;
    inDept = await addUser(a, 'micro_team', team);
    elsewhere = await addUser(a, 'micro_fin', other);
    named = await addUser(a, 'micro_named', other);
  });

  it('browses the tenant\'s 组织架构 level by level (listTenantOrgStructure → list)', async () => {
    const top = (await t.call(a.cookie!, 'GET', `/api/user/listTenantOrgStructure?tenantId=${a.id}`)).json();
    expect(top.list).toEqual([{ id: Number(orgA), name: '甲微应用化工', type: 0 }]);
    const level = (await t.call(admin, 'GET', `/api/user/listTenantOrgStructure?${q({ tenantId: a.id, orgId: orgA })}`)).json().list;
    expect(level.filter((e: Json) => e.type === 0).map((e: Json) => e.name).sort()).toEqual(['安全部', '财务部'].sort());
    expect(level.some((e: Json) => e.type === 1 && e.name === a.adminName.replace(/^/, '') + '')).toBe(false);
    // Another tenant's organisation is not found from here.
    expect((await t.call(b.cookie!, 'GET', `/api/user/listTenantOrgStructure?orgId=${orgA}`)).statusCode).toBe(404);
    // The flow designer's name for the same browse.
    expect((await t.call(admin, 'GET', `/api/user/listTenantOrgAndUser?${q({ tenantId: a.id, orgId: orgA })}`)).json().list).toEqual(level);
    expect((await t.call(b.cookie!, 'GET', `/api/user/listTenantOrgAndUser?orgId=${orgA}`)).statusCode).toBe(404);
  });

  it('listTenantOrgAndUser refuses another tenant\'s ids and callers without the right', async () => {
    const url = (o: Record<string, string | number>) => `/api/user/listTenantOrgAndUser?${q(o)}`;
    // Tenant b's 主管理员: naming tenant a is forbidden, a's organisation is not found from b.
    expect((await t.call(b.cookie!, 'GET', url({ tenantId: a.id }))).statusCode).toBe(403);
    expect((await t.call(b.cookie!, 'GET', url({ tenantId: a.id, orgId: deptA }))).statusCode).toBe(403);
    expect((await t.call(b.cookie!, 'GET', url({ orgId: deptA }))).statusCode).toBe(404);
    // The park names a tenant but an organisation of another one: not found.
    expect((await t.call(admin, 'GET', url({ tenantId: b.id, orgId: deptA }))).statusCode).toBe(404);
    expect((await t.call(admin, 'GET', url({ tenantId: 999999999 }))).statusCode).toBe(404);
    // A tenant's plain user (no 主管理员) and a park user without the workbench permissions.
    expect((await t.call(inDept.cookie, 'GET', url({}))).statusCode).toBe(403);
    await t.sql.query(`insert into sys_user (username, password_hash, real_name, user_type) select 'micro_park_noperm', password_hash, '无权园区用户', 0 from sys_user where username = 'admin'`);
    const noPerm = await t.login('micro_park_noperm', ADMIN_PASSWORD);
    expect((await t.call(noPerm, 'GET', url({ tenantId: a.id }))).statusCode).toBe(403);
    expect((await t.call(noPerm, 'GET', url({}))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url({}), headers: { 'x-requested-with': 'XMLHttpRequest' } })).statusCode).toBe(401);
  });

  it('an empty workbench answers an empty tree; the 主管理员 copies the template in and sets 可见范围', async () => {
    expect((await t.call(a.cookie!, 'GET', `/api/micro/workbench/queryWorkbenchTreesByTenantId/${a.id}`)).json().datas).toEqual([]);
    const copied = (await t.call(a.cookie!, 'GET', `/api/micro/template/queryTemplateMenuTreeByTemplateId/${templateId}`)).json().datas as Json[];
    const blank = (nodes: Json[]): Json[] => nodes.map((n) => ({ ...n, id: null, children: blank(n.children ?? []) }));
    const tree = blank(copied);
    const sub = tree[0]!.children[0];
    sub.children.push({ id: null, menuName: '目录', level: 3, type: 2, appId: Number((await t.sql.query(`select id from micro_app where app_name = '危化品目录'`)).rows[0].id), quickApp: 0, sort: 2, permissions: [{ subId: Number(named.id), subName: 'micro_named', type: 1 }] });
    sub.children[0].permissions = [{ subId: Number(deptA), subName: '安全部', type: 0 }];
    const saved = await t.call(a.cookie!, 'POST', '/api/micro/workbench/saveWorkbench', { tenantId: a.id, workbenchMenus: tree });
    expect(saved.json(), saved.body).toMatchObject({ errCode: 0, errMsg: '修改成功' });
    const loaded = (await t.call(admin, 'GET', `/api/micro/workbench/queryWorkbenchTreesByTenantId/${a.id}`)).json().datas;
    expect(loaded[0].children[0].children[0]).toMatchObject({ menuName: '测试车辆应用', quickApp: 1, permissions: [{ subId: Number(deptA), subName: '安全部', type: 0 }] });
  });

  it('myWorkbench shows each person what they may see (department with its sub-departments, a person, all)', async () => {
    const apps = (nodes: Json[]): string[] => nodes.flatMap((n) => (n.type === 2 ? [n.app.appName] : apps(n.children)));
    const mine = (await t.call(inDept.cookie, 'GET', '/api/micro/workbench/myWorkbench?client=mobile')).json();
    expect(apps(mine.datas)).toEqual(['测试车辆应用']);
    const node = mine.datas[0].children[0].children[0];
    expect(node).toMatchObject({ level: 3, type: 2, appId, quickApp: 1, app: { id: appId, appName: '测试车辆应用', iconName: 'cheliangguanli', iconBgColor: '#409EFF', functions: [{ id: fnId, funName: '车辆入园登记', type: 1, showType: 0, formId: vehicleForm }] } });
    // 其他 has no app: dropped.
    expect(mine.datas.map((n: Json) => n.menuName)).toEqual(['安全管理']);
    expect(apps((await t.call(named.cookie, 'GET', '/api/micro/workbench/myWorkbench')).json().datas)).toEqual(['危化品目录']);
    expect((await t.call(elsewhere.cookie, 'GET', '/api/micro/workbench/myWorkbench')).json().datas).toEqual([]);
    // Tenant b's people see b's seeded-less (empty) workbench, never a's.
    expect((await t.call(b.cookie!, 'GET', '/api/micro/workbench/myWorkbench')).json().datas).toEqual([]);
    // A PC-only function is not sent to the mobile client.
    await form(admin, '/api/micro/function/update', { id: fnId, funName: '车辆入园登记', type: 1, showType: 1, formId: vehicleForm });
    const mobile = (await t.call(inDept.cookie, 'GET', '/api/micro/workbench/myWorkbench?client=mobile')).json();
    expect(mobile.datas[0].children[0].children[0].app.functions).toEqual([]);
    await form(admin, '/api/micro/function/update', { id: fnId, funName: '车辆入园登记', type: 1, showType: 0, formId: vehicleForm });
  });

  it('a tenant\'s 主管理员 may not read or write another tenant\'s workbench; a plain user may not edit', async () => {
    expect((await t.call(b.cookie!, 'GET', `/api/micro/workbench/queryWorkbenchTreesByTenantId/${a.id}`)).statusCode).toBe(403);
    expect((await t.call(b.cookie!, 'POST', '/api/micro/workbench/saveWorkbench', { tenantId: a.id, workbenchMenus: [] })).statusCode).toBe(403);
    expect((await t.call(inDept.cookie, 'POST', '/api/micro/workbench/saveWorkbench', { tenantId: a.id, workbenchMenus: [] })).statusCode).toBe(403);
    expect((await t.call(inDept.cookie, 'GET', '/api/micro/app/list')).statusCode).toBe(403);
    expect((await t.call(admin, 'GET', '/api/micro/workbench/queryWorkbenchTreesByTenantId/99999999')).statusCode).toBe(404);
    // A's tree is untouched.
    expect((await t.call(admin, 'GET', `/api/micro/workbench/queryWorkbenchTreesByTenantId/${a.id}`)).json().datas).toHaveLength(2);
  });

  it('refuses 可见范围 naming another tenant\'s people', async () => {
    const orgB = (await t.sql.query(`select id from sys_org where company_id = $1`, [b.id])).rows[0].id;
    const tree = [{ id: null, menuName: '组', level: 1, type: 1, sort: 1, permissions: [{ subId: Number(orgB), subName: '乙', type: 0 }], children: [] }];
    const r = await t.call(admin, 'POST', '/api/micro/workbench/saveWorkbench', { tenantId: a.id, workbenchMenus: tree });
    expect(r.json().errMsg).toBe('可见范围中的部门不属于该租户');
    expect((await t.call(admin, 'GET', `/api/micro/workbench/queryWorkbenchTreesByTenantId/${a.id}`)).json().datas).toHaveLength(2);
  });

  it('the park edits its own workbench as tenant 0, seeded with the demo app', async () => {
    const park = (await t.call(admin, 'GET', '/api/micro/workbench/queryWorkbenchTreesByTenantId/0')).json().datas;
    expect(park.map((n: Json) => n.menuName)).toEqual(['安全管理', '健康管理', '环保管理', '其他']);
    const mine = (await t.call(admin, 'GET', '/api/micro/workbench/myWorkbench?client=mobile')).json().datas;
    expect(mine[0].children[0].children[0].app.appName).toBe(HAZMAT_VEHICLE_FORM_NAME);
  });

  it('deleting an app takes it out of the trees', async () => {
    expect((await form(admin, '/api/micro/app/delete', { ids: String(appId) })).json()).toMatchObject({ errCode: 0, errMsg: '删除成功' });
    const loaded = (await t.call(admin, 'GET', `/api/micro/workbench/queryWorkbenchTreesByTenantId/${a.id}`)).json().datas;
    expect(loaded[0].children[0].children.map((n: Json) => n.menuName)).toEqual(['目录']);
    expect((await form(admin, '/api/micro/function/delete', { ids: String(fnId) })).json().errMsg).toBe('删除成功');
  });
});
