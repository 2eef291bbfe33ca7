import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_JOB, FORM_ACTIONS, type DataScope, type FormAction } from '@park/core';
import { ensureCompany } from '../../../test/companies.ts';
import { grantForm } from '../../../test/formGrants.ts';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/testApp.ts';
import { stopJobs, withJobs } from '../../../test/jobs.ts';
import { waitForJob } from '../importExport/testSupport.ts';

/*
 * Issue 15 §1: every record call checks the caller's permission on the form and the data scope of
 * the roles granting it. One user per case, arranged in SQL; every call made by the real client's
 * path (cookie, X-Requested-With) through the real app on a real PostgreSQL.
 */

let t: TestApp;
let admin: string;
let formId: number;
let holderId: number;
type Json = Record<string, unknown>;

let seq = 0;
const control = (type: string, name: string, model: string, options: Json = {}, extra: Json = {}): Json => ({
  type,
  name,
  key: `${type}_${++seq}`,
  model,
  options,
  rules: [],
  ...extra,
});

async function newForm(formName: string, list: Json[]): Promise<number> {
  const id = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName, formType: '0' })).json().formId;
  const saved = await t.call(admin, 'POST', '/api/form/saveformdesign', { formId: id, formMeta: { list, config: {} } });
  expect(saved.json(), saved.body).toMatchObject({ errCode: 0 });
  return id;
}

interface User {
  id: string;
  cookie: string;
}

/** A user in an organisation (optional), of a company (optional), holding one role for the form. */
async function user(
  name: string,
  opts: { org?: string; company?: number; actions?: readonly FormAction[]; scope?: DataScope } = {},
): Promise<User> {
  const r = await t.sql.query(
    `insert into sys_user (username, password_hash, real_name, user_type, company_id)
     select $1, password_hash, $1, $2, $3 from sys_user where username = 'admin' returning id`,
    [name, opts.company === undefined ? 0 : 1, opts.company ?? null],
  );
  const id = String(r.rows[0].id);
  if (opts.org) await t.sql.query(`insert into sys_user_org (user_id, org_id) values ($1, $2)`, [id, opts.org]);
  if (opts.actions) await grantForm(t, id, formId, opts.actions, opts.scope ?? 'all');
  return { id, cookie: await t.login(name, ADMIN_PASSWORD) };
}

async function org(name: string, parent: string | null): Promise<string> {
  return String((await t.sql.query(`insert into sys_org (org_name, parent_id) values ($1, $2) returning id`, [name, parent])).rows[0].id);
}

const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
async function add(u: User, fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/form/addformdata/${formId}`,
    headers: { cookie: u.cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    payload: formBody(fields),
  });
}
const list = async (u: User) => {
  const res = await t.call(u.cookie, 'POST', '/api/form/queryFormDataByConditions', { formId, pageNum: 1, pageSize: 100 });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().datas as Array<{ f_name: string }>).map((d) => d.f_name).sort();
};
const idOf = async (name: string) =>
  String((await t.sql.query(`select id from "form_${formId}" where f_name = $1`, [name])).rows[0].id);

let orgA: string;
let orgA1: string;
let orgB: string;
let adminRecord: string;
let adminSub: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await ensureCompany(t.sql, 101);
  formId = await newForm('危化品出入库', [
    control('input', '名称', 'f_name'),
    control('table', '明细', 'lines', {}, { tableColumns: [control('input', '批次', 'f_batch')] }),
  ]);
  holderId = await newForm('领用登记', [
    control('input', '事由', 'f_reason'),
    control('m_data_ref', '引用', 'f_ref', { dsConf: { formId, subKey: '', columns: ['f_name'] } }, { key: 'ref_src' }),
    control(
      'data_select',
      '选择',
      'f_pick',
      { maps: { key: 'id', name: 'f_name', source: { table: `form_${formId}`, columns: [{ column: 'f_name', title: '名称' }] } } },
      { key: 'ds_src', label_model: 'f_pick_label' },
    ),
  ]);
  orgA = await org('安全环保部', null);
  orgA1 = await org('安全环保部一科', orgA);
  orgB = await org('应急管理部', null);
  const res = await add({ id: '1', cookie: admin }, { f_name: '管理员记录' });
  adminRecord = String(res.json().businessId);
  const sub = await t.call(admin, 'POST', `/api/form/addsubformdata/${formId}/lines`, { parentId: adminRecord, f_batch: 'A-1' });
  adminSub = String(sub.json().businessId);
});
afterAll(() => t.close());

/** Every record call of the form, as a caller without rights would try it. */
function everyCall(): Array<[string, 'GET' | 'POST', string, unknown?]> {
  const f = formId;
  return [
    ['addformdata', 'POST', `/api/form/addformdata/${f}`, { f_name: 'x' }],
    ['addpcformdata', 'POST', `/api/form/addpcformdata/${f}`, { parent: { f_name: 'x' } }],
    ['updateformdata', 'POST', `/api/form/updateformdata/${f}`, { id: adminRecord, f_name: 'x' }],
    ['getformdatabyid', 'GET', `/api/form/getformdatabyid?formId=${f}&businessId=${adminRecord}`],
    ['batchdeleteformdata', 'GET', `/api/form/batchdeleteformdata/${f}?businessIds=${adminRecord}`],
    ['queryFormDataByConditions', 'POST', '/api/form/queryFormDataByConditions', { formId: f, pageNum: 1, pageSize: 10 }],
    ['queryformdata', 'POST', '/api/form/queryformdata', { formId: f, pageNum: 1, pageSize: 10 }],
    ['querysubformdata', 'GET', `/api/form/querysubformdata/${f}/lines?parentId=${adminRecord}`],
    ['getsubformdatabyid', 'GET', `/api/form/getsubformdatabyid/${f}/lines?businessId=${adminSub}`],
    ['addsubformdata', 'POST', `/api/form/addsubformdata/${f}/lines`, { parentId: adminRecord, f_batch: 'x' }],
    ['updatesubformdata', 'POST', `/api/form/updatesubformdata/${f}/lines`, { id: adminSub, f_batch: 'x' }],
    ['batchaddsubformdata', 'POST', `/api/form/batchaddsubformdata/${f}/lines`, { parentId: adminRecord, subDatas: [{ f_batch: 'x' }] }],
    ['batchupdatesubformdata', 'POST', `/api/form/batchupdatesubformdata/${f}/lines`, { parentId: adminRecord, subDatas: [{ id: adminSub, f_batch: 'x' }] }],
    ['batchdeletesubformdata', 'GET', `/api/form/batchdeletesubformdata/${f}/lines?businessIds=${adminSub}`],
    ['exportForm', 'POST', '/api/form/exportForm', { formId: f }],
    ['importForm', 'POST', `/api/form/importForm/${f}`, {}],
    ['exportFormTemplate', 'GET', `/api/form/exportFormTemplate/${f}`],
    [
      'queryFormDataForChoose',
      'GET',
      `/api/form/queryFormDataForChoose?formId=${holderId}&key=ref_src&destFormId=${f}&keyType=0&pageNum=1&pageSize=10`,
    ],
    ['querydata', 'GET', `/api/form/datasource/table/querydata?formId=${holderId}&fk=ds_src&pageNum=1&pageSize=10`],
  ];
}

const refusalsOf = async (u: User) =>
  Number(
    (await t.sql.query(`select count(*) n from sys_operation_log where user_id = $1 and result = 1 and err_msg = '您无权执行此操作'`, [u.id]))
      .rows[0].n,
  );

describe('a platform user with no roles', () => {
  it('is refused every record call with 403 您无权执行此操作, each with its operation-log row, and changes nothing', async () => {
    const nobody = await user('no_role');
    const before = (await t.sql.query(`select count(*) n from "form_${formId}"`)).rows[0].n;
    for (const [name, method, url, body] of everyCall()) {
      const logged = await refusalsOf(nobody);
      const res = await t.call(nobody.cookie, method, url, body);
      expect([name, res.statusCode, res.json().errMsg]).toEqual([name, 403, '您无权执行此操作']);
      expect([name, await refusalsOf(nobody)]).toEqual([name, logged + 1]);
    }
    expect((await t.sql.query(`select count(*) n from "form_${formId}"`)).rows[0].n).toBe(before);
    expect((await t.sql.query(`select f_batch from "form_${formId}__lines" where id = $1`, [adminSub])).rows[0].f_batch).toBe('A-1');
    const actions = await t.call(nobody.cookie, 'GET', `/api/form/formActions/${formId}`);
    expect(actions.json()).toEqual({ errCode: 0, actions: [] });
  });
});

describe('a role with view only', () => {
  it('lists, gets and reads sub-tables, and is refused add, edit, delete, import and export', async () => {
    const viewer = await user('view_only', { actions: ['view'] });
    expect(await list(viewer)).toContain('管理员记录');
    expect((await t.call(viewer.cookie, 'GET', `/api/form/getformdatabyid?formId=${formId}&businessId=${adminRecord}`)).statusCode).toBe(200);
    expect((await t.call(viewer.cookie, 'GET', `/api/form/querysubformdata/${formId}/lines?parentId=${adminRecord}`)).json().totalCount).toBe(1);
    expect((await t.call(viewer.cookie, 'GET', `/api/form/getsubformdatabyid/${formId}/lines?businessId=${adminSub}`)).statusCode).toBe(200);
    // Pickers on other forms read it too.
    const chooser = everyCall().find(([n]) => n === 'queryFormDataForChoose')!;
    expect((await t.call(viewer.cookie, 'GET', chooser[2])).json().totalCount).toBeGreaterThan(0);
    const reads = new Set(['getformdatabyid', 'queryFormDataByConditions', 'queryformdata', 'querysubformdata', 'getsubformdatabyid', 'queryFormDataForChoose', 'querydata']);
    for (const [name, method, url, body] of everyCall()) {
      if (reads.has(name)) continue;
      const res = await t.call(viewer.cookie, method, url, body);
      expect([name, res.statusCode]).toEqual([name, 403]);
    }
    expect((await t.call(viewer.cookie, 'GET', `/api/form/formActions/${formId}`)).json().actions).toEqual(['view']);
  });
});

describe('a role with add only', () => {
  it('adds records with their sub-table rows, and may not list, read, edit or delete others', async () => {
    const adder = await user('add_only', { actions: ['add'] });
    const res = await add(adder, { f_name: '新增员记录' });
    expect(res.json(), res.body).toMatchObject({ errCode: 0 });
    const mine = String(res.json().businessId);
    // Its own new record's sub-table rows, saved after the record as the dialog does.
    const sub = await t.call(adder.cookie, 'POST', `/api/form/addsubformdata/${formId}/lines`, { parentId: mine, f_batch: 'N-1' });
    expect(sub.json(), sub.body).toMatchObject({ errCode: 0 });
    expect((await t.call(adder.cookie, 'GET', `/api/form/querysubformdata/${formId}/lines?parentId=${mine}`)).json().totalCount).toBe(1);
    // Someone else's record is not its to fill in.
    const other = await t.call(adder.cookie, 'POST', `/api/form/addsubformdata/${formId}/lines`, { parentId: adminRecord, f_batch: 'X' });
    expect([other.statusCode, other.json().errMsg]).toEqual([400, '请先填写父表单数据并提交']);
    for (const [name, method, url, body] of everyCall()) {
      if (['addformdata', 'addpcformdata', 'addsubformdata', 'batchaddsubformdata', 'querysubformdata', 'getsubformdatabyid', 'updatesubformdata', 'batchupdatesubformdata', 'batchdeletesubformdata'].includes(name)) continue;
      const r = await t.call(adder.cookie, method, url, body);
      expect([name, r.statusCode]).toEqual([name, 403]);
    }
    const upd = await t.call(adder.cookie, 'POST', `/api/form/updatesubformdata/${formId}/lines`, { id: adminSub, f_batch: 'X' });
    expect(upd.statusCode).toBe(404);
    expect((await t.sql.query(`select f_batch from "form_${formId}__lines" where id = $1`, [adminSub])).rows[0].f_batch).toBe('A-1');
  });
});

describe('data scope', () => {
  it("'org' reaches records created in the role holder's organisation and below, in lists, gets, exports, updates and deletes", async () => {
    const a1 = await user('org_a1_writer', { org: orgA1, actions: ['add'] });
    expect((await add(a1, { f_name: '一科记录' })).json().errCode).toBe(0);
    const b = await user('org_b_writer', { org: orgB, actions: ['add'] });
    expect((await add(b, { f_name: '应急记录' })).json().errCode).toBe(0);

    const chief = await user('org_a_chief', { org: orgA, actions: FORM_ACTIONS, scope: 'org' });
    expect(await list(chief)).toEqual(['一科记录']);
    const other = await user('org_b_chief', { org: orgB, actions: FORM_ACTIONS, scope: 'org' });
    expect(await list(other)).toEqual(['应急记录']);

    const a1Record = await idOf('一科记录');
    const bRecord = await idOf('应急记录');
    expect((await t.call(other.cookie, 'GET', `/api/form/getformdatabyid?formId=${formId}&businessId=${a1Record}`)).statusCode).toBe(404);
    const upd = await t.call(other.cookie, 'POST', `/api/form/updateformdata/${formId}`, { id: a1Record, f_name: '篡改' });
    expect(upd.statusCode).toBe(404);
    const del = await t.call(other.cookie, 'GET', `/api/form/batchdeleteformdata/${formId}?businessIds=${a1Record},${adminRecord}`);
    expect(del.json()).toEqual({ errCode: 0, deleted: 0 });
    expect(await idOf('一科记录')).toBe(a1Record);
    // Its own organisation's record it may change.
    const ok = await t.call(other.cookie, 'POST', `/api/form/updateformdata/${formId}`, { id: bRecord, f_name: '应急记录' });
    expect(ok.json(), ok.body).toMatchObject({ errCode: 0 });

    // The export job applies the same scope.
    const boss = await withJobs(t);
    try {
      const code = (await t.call(chief.cookie, 'POST', '/api/form/exportForm', { formId })).json().importExportCode as string;
      expect(await waitForJob(t, chief.cookie, code, EXPORT_JOB)).toMatchObject({ state: 'success', total: 1 });
    } finally {
      await stopJobs(boss);
    }
  });

  it("'self' reaches only the caller's own records", async () => {
    const me = await user('self_scope', { org: orgA, actions: FORM_ACTIONS, scope: 'self' });
    expect(await list(me)).toEqual([]);
    expect((await add(me, { f_name: '本人记录' })).json().errCode).toBe(0);
    expect(await list(me)).toEqual(['本人记录']);
    const del = await t.call(me.cookie, 'GET', `/api/form/batchdeleteformdata/${formId}?businessIds=${adminRecord}`);
    expect(del.json()).toEqual({ errCode: 0, deleted: 0 });
  });

  it('two roles granting the same action give the broader scope', async () => {
    const both = await user('two_roles', { org: orgB, actions: ['view'], scope: 'self' });
    expect(await list(both)).toEqual([]);
    await grantForm(t, both.id, formId, ['view'], 'org');
    expect(await list(both)).toEqual(['应急记录']);
  });

  it("a company user reaches only its company's records, whatever its role's scope", async () => {
    const corp = await user('corp_all', { company: 101, actions: FORM_ACTIONS, scope: 'all' });
    expect(await list(corp)).toEqual([]);
    expect((await add(corp, { f_name: '企业记录' })).json().errCode).toBe(0);
    expect(await list(corp)).toEqual(['企业记录']);
    const del = await t.call(corp.cookie, 'GET', `/api/form/batchdeleteformdata/${formId}?businessIds=${adminRecord}`);
    expect(del.json()).toEqual({ errCode: 0, deleted: 0 });
    expect((await t.call(corp.cookie, 'GET', `/api/form/getformdatabyid?formId=${formId}&businessId=${adminRecord}`)).statusCode).toBe(404);
  });
});

describe('pickers reading another form', () => {
  it('work for a user who may fill the holding form without viewing the source form', async () => {
    const filler = await user('holder_filler');
    await grantForm(t, filler.id, holderId, ['add']);
    const chooser = everyCall().find(([n]) => n === 'queryFormDataForChoose')!;
    const res = await t.call(filler.cookie, 'GET', chooser[2]);
    expect(res.json(), res.body).toMatchObject({ errCode: 0 });
    const ds = everyCall().find(([n]) => n === 'querydata')!;
    expect((await t.call(filler.cookie, 'GET', ds[2])).json()).toMatchObject({ errCode: 0 });
    // But not the source form's own list.
    const own = await t.call(filler.cookie, 'POST', '/api/form/queryFormDataByConditions', { formId, pageNum: 1, pageSize: 10 });
    expect(own.statusCode).toBe(403);
  });
});

describe('administrators and role management', () => {
  it('administrators keep every action; a role saved with a data scope lists it', async () => {
    expect((await t.call(admin, 'GET', `/api/form/formActions/${formId}`)).json().actions).toEqual([...FORM_ACTIONS]);
    const added = await t.call(admin, 'POST', '/api/user/addRole', { roleName: '一科查看', dataScope: 'org' });
    expect(added.json(), added.body).toMatchObject({ errCode: 0 });
    const roles = (await t.call(admin, 'GET', '/api/user/listRole?roleName=一科查看')).json().datas;
    expect(roles).toMatchObject([{ roleName: '一科查看', dataScope: 'org' }]);
    const bad = await t.call(admin, 'POST', '/api/user/updateRole', { id: added.json().id, roleName: '一科查看', dataScope: 'everything' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('form list menus made before issue 15', () => {
  it("keep their roles' rights: the demo forms' menus carry form:N:view and buttons bound to the same roles", async () => {
    const demo = (await t.sql.query(`select id, path from sys_menu where name = '危化品目录' and menu_type = 'menu'`)).rows[0];
    const demoFormId = demo.path.split('/').pop();
    expect((await t.sql.query(`select perms from sys_menu where id = $1`, [demo.id])).rows[0].perms).toBe(`form:${demoFormId}:view`);
    const buttons = await t.sql.query(
      `select m.perms, array_agg(r.role_code order by r.role_code) roles from sys_menu m
         join sys_role_menu rm on rm.menu_id = m.id join sys_role r on r.id = rm.role_id
        where m.parent_id = $1 and m.menu_type = 'button' group by m.perms order by m.perms`,
      [demo.id],
    );
    expect(buttons.rows.map((b) => b.perms).sort()).toEqual(
      ['add', 'delete', 'edit', 'export', 'import'].map((a) => `form:${demoFormId}:${a}`).sort(),
    );
    for (const b of buttons.rows) expect(b.roles).toEqual(['company_user', 'park_admin']);
    // A park administrator (by role) lists the demo form's records.
    const r = await t.sql.query(
      `insert into sys_user (username, password_hash, real_name) select 'park_officer', password_hash, '园区干部' from sys_user where username = 'admin' returning id`,
    );
    await t.sql.query(`insert into sys_user_role (user_id, role_id) select $1, id from sys_role where role_code = 'park_admin'`, [r.rows[0].id]);
    const officer = await t.login('park_officer', ADMIN_PASSWORD);
    const res = await t.call(officer, 'POST', '/api/form/queryFormDataByConditions', { formId: demoFormId, pageNum: 1, pageSize: 10 });
    expect(res.json(), res.body).toMatchObject({ errCode: 0 });
    expect(res.json().totalCount).toBeGreaterThan(0);
  });

  it('a menu added for a form list page grants viewing it', async () => {
    const res = await t.call(admin, 'POST', '/api/user/addMenu', { name: '出入库列表', path: `/form/list/${formId}`, component: 'FormCustom' });
    expect(res.json(), res.body).toMatchObject({ errCode: 0 });
    const perms = (await t.sql.query(`select perms from sys_menu where id = $1`, [res.json().id])).rows[0].perms;
    expect(perms).toBe(`form:${formId}:view`);
  });
});
