import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_ACTIONS, FORM_ACTION_LABELS, formPermission, HAZMAT_CATALOG_FORM_NAME, HAZMAT_VEHICLE_FORM_NAME } from '@park/core';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../../test/testApp.ts';
import { stopJobs, withJobs } from '../../../../test/jobs.ts';
import { insertTenant, type TestTenant } from '../../../../test/t3Tenants.ts';
import type PgBoss from 'pg-boss';

/*
 * Issue 36 (表单分配): dependency analysis, allot and sync with dependencies through the real
 * pg-boss job, a partial failure (a tenant whose rows hold data in a dropped field), a disabled
 * tenant, and records kept apart between two tenants and the park — on a real PostgreSQL.
 */

type Json = Record<string, unknown>;
let t: TestApp;
let boss: PgBoss;
let admin: string;
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

async function saveDesign(formId: number, list: Json[]) {
  const saved = await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: { list, config: {} } });
  expect(saved.json(), saved.body).toMatchObject({ errCode: 0 });
}

/** A park form with its list menu and buttons under 业务表单, as 表单管理 publishes one. */
async function parkForm(formName: string, list: Json[]): Promise<number> {
  const id = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName, formType: '0' })).json().formId as number;
  await saveDesign(id, list);
  const group = await t.sql.query<{ id: string }>(`select id from sys_menu where path = '/business' and company_id is null`);
  const menu = await t.sql.query<{ id: string }>(
    `insert into sys_menu (parent_id, name, path, component, level, perms) values ($1, $2, $3, 'FormCustom', 2, $4) returning id`,
    [group.rows[0]!.id, formName, `/form/list/${id}`, formPermission(id, 'view')],
  );
  for (const [i, action] of FORM_ACTIONS.filter((a) => a !== 'view').entries()) {
    await t.sql.query(`insert into sys_menu (parent_id, name, path, level, order_index, menu_type, perms) values ($1, $2, '', 3, $3, 'button', $4)`, [
      menu.rows[0]!.id,
      FORM_ACTION_LABELS[action],
      i,
      formPermission(id, action),
    ]);
  }
  return id;
}

async function run(kind: 'formAllotTenants' | 'syncFormConf', formId: number, tenants: TestTenant[]) {
  const started = await t.call(admin, 'GET', `/api/form/tenant/${kind}?formId=${formId}&tenantIds=${tenants.map((x) => x.id).join(',')}`);
  expect(started.json(), started.body).toMatchObject({ errCode: 0 });
  const key = started.json().syncFormTaskKey as string;
  for (let i = 0; i < 200; i++) {
    const s = (await t.call(admin, 'POST', `/api/form/tenant/syncFormConf/status/${key}`)).json();
    if (s.data.status !== 'syncing') return s.data as { status: string; statusDesc: Record<string, number>; statusMsg: Record<string, string> };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the run did not finish');
}

let catalog: number;
let middle: number;
let main: number;
let t1: TestTenant;
let t2: TestTenant;
let t3: TestTenant;
let off: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  boss = await withJobs(t);
  admin = await t.login('admin', ADMIN_PASSWORD);
  await t.sql.query(`insert into sys_dic_type (type_code, type_name) values ('t3_level', '等级') on conflict do nothing`);
  const type = await t.sql.query<{ id: string }>(`select id from sys_dic_type where type_code = 't3_level' and company_id is null`);
  const top = await t.sql.query<{ id: string }>(`insert into sys_dic_catalog (type_id, code, name) values ($1, 'high', '高') returning id`, [type.rows[0]!.id]);
  await t.sql.query(`insert into sys_dic_catalog (type_id, parent_id, code, name) values ($1, $2, 'high_1', '高一')`, [type.rows[0]!.id, top.rows[0]!.id]);
  catalog = await parkForm('三级目录', [control('input', '名称', 'goods_name')]);
  middle = await parkForm('二级台账', [
    control('input', '名称', 'name'),
    control('data_select', '货物', 'goods', { maps: { key: 'id', name: 'goods_name', source: { datasource: '', table: `form_${catalog}`, columns: [] } } }, { label_model: 'goods_label' }),
  ]);
  main = await parkForm('一级登记', [
    control('input', '车牌', 'plate', { required: true }),
    control('textarea', '备注', 'note'),
    control('m_data_ref', '台账', 'ledger', { dsConf: { formId: String(middle), key: 'name', mapping: {} } }),
    control('dic_select', '等级', 'level', {}, { typeCode: 't3_level', label_model: 'level_label' }),
  ]);
  // A cycle: the catalogue refers back to the main form.
  await saveDesign(catalog, [control('input', '名称', 'goods_name'), control('m_data_ref', '来源', 'src', { dsConf: { formId: String(main), key: 'plate', mapping: {} } })]);
  t1 = await insertTenant(t, '甲化工');
  t2 = await insertTenant(t, '乙化工');
  t3 = await insertTenant(t, '丙化工');
  off = await insertTenant(t, '丁化工（禁用）', { enabled: false });
}, 120_000);

afterAll(async () => {
  await stopJobs(boss);
  await t?.close();
});

describe('dependency analysis', () => {
  it('lists the forms, tables and dictionaries a form needs, transitively and through a cycle', async () => {
    const r = (await t.call(admin, 'GET', `/api/form/tenant/analyzeFormDepends?formIds=${main}`)).json();
    expect(r).toMatchObject({ errCode: 0, originalFormMap: { [main]: '一级登记' }, dependsFormMap: { [middle]: '二级台账', [catalog]: '三级目录' } });
    expect(r.dependTables.sort()).toEqual([`form_${catalog}`, `form_${main}`, `form_${middle}`].sort());
    expect(r.dependDictionaries).toEqual(['t3_level']);
  });

  it('finds the demo vehicle form\'s catalogue, its sub-table and its dictionaries', async () => {
    const forms = await t.sql.query<{ id: string; form_name: string }>(`select id, form_name from form_conf where form_name in ($1, $2)`, [HAZMAT_VEHICLE_FORM_NAME, HAZMAT_CATALOG_FORM_NAME]);
    const byName = new Map(forms.rows.map((f) => [f.form_name, f.id]));
    const vehicle = byName.get(HAZMAT_VEHICLE_FORM_NAME)!;
    const r = (await t.call(admin, 'GET', `/api/form/tenant/analyzeFormDepends?formIds=${vehicle}`)).json();
    expect(r.dependsFormMap).toEqual({ [byName.get(HAZMAT_CATALOG_FORM_NAME)!]: HAZMAT_CATALOG_FORM_NAME });
    expect(r.dependTables).toContain(`form_${vehicle}__goods_items`);
    expect(r.dependDictionaries.sort()).toEqual(['chemical_category', 'risk_level']);
  });

  it('is the park\'s: a tenant administrator is refused', async () => {
    expect((await t.call(t1.cookie!, 'GET', `/api/form/tenant/analyzeFormDepends?formIds=${main}`)).statusCode).toBe(403);
    expect((await t.call(t1.cookie!, 'GET', `/api/form/tenant/formAllotTenants?formId=${main}&tenantIds=${t1.id}`)).statusCode).toBe(403);
  });
});

describe('allot', () => {
  it('refuses a run without tenants, in the screen\'s words', async () => {
    const r = await t.call(admin, 'GET', `/api/form/tenant/formAllotTenants?formId=${main}&tenantIds=`);
    expect(r.statusCode).toBe(400);
    expect(r.json().errMsg).toBe('选择租户不能为空！');
  });

  it('hands the form and its dependencies to each tenant, refuses the disabled one, and lists who holds it', async () => {
    const result = await run('formAllotTenants', main, [t1, t2, off]);
    expect(result.status).toBe('finished');
    expect(result.statusDesc).toEqual({ [t1.id]: 0, [t2.id]: 0, [off.id]: 1 });
    expect(result.statusMsg[off.id]).toBe('租户已禁用');
    const held = await t.sql.query(`select form_id, company_id, menu_id from form_tenant order by company_id, form_id`);
    expect(held.rows.map((r) => `${r.company_id}:${r.form_id}`).sort()).toEqual(
      [t1, t2].flatMap((x) => [main, middle, catalog].map((f) => `${x.id}:${f}`)).sort(),
    );
    expect(held.rows.every((r) => r.menu_id !== null)).toBe(true);
    const allotted = (await t.call(admin, 'POST', `/api/form/tenant/queryAllotTenants/${main}`)).json();
    expect(allotted.tenantList.map((x: Json) => String(x.id)).sort()).toEqual([t1.id, t2.id].sort());
    expect(allotted.allTenantList.find((x: Json) => String(x.id) === off.id)).toMatchObject({ status: 0 });
    // The original's FormTenantTransfer asks the same through queryFormTenantPression (`datas`).
    const holding = (await t.call(admin, 'GET', `/api/form/tenant/queryFormTenantPression/${main}`)).json();
    expect(holding.datas.map((x: Json) => String(x.id)).sort()).toEqual([t1.id, t2.id].sort());
    expect(holding.datas[0]).toHaveProperty('tenantName');
  });

  it('queryFormTenantPression is the park\'s, behind 表单分配\'s permission, and refuses an unknown form', async () => {
    const url = `/api/form/tenant/queryFormTenantPression/${main}`;
    expect((await t.app.inject({ method: 'GET', url, headers: { 'x-requested-with': 'XMLHttpRequest' } })).statusCode).toBe(401);
    // A tenant's 主管理员 (even of a tenant that holds the form) is refused.
    expect((await t.call(t1.cookie!, 'GET', url)).statusCode).toBe(403);
    // A park user without 表单分配 (tenant:form) is refused.
    await t.sql.query(
      `insert into sys_user (username, password_hash, real_name, user_type) select 'allot_noperm', password_hash, '无分配权', 0 from sys_user where username = 'admin' on conflict do nothing`,
    );
    const noPerm = await t.login('allot_noperm', ADMIN_PASSWORD);
    expect((await t.call(noPerm, 'GET', url)).statusCode).toBe(403);
    // An unknown form, a tenant's own form and a malformed id.
    const unknown = await t.call(admin, 'GET', '/api/form/tenant/queryFormTenantPression/999999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errMsg).toBe('表单不存在');
    const own = await t.sql.query<{ id: string }>(`insert into form_conf (form_name, company_id) values ('甲自建表单', $1) returning id`, [t1.id]);
    expect((await t.call(admin, 'GET', `/api/form/tenant/queryFormTenantPression/${own.rows[0]!.id}`)).statusCode).toBe(404);
    expect((await t.call(admin, 'GET', '/api/form/tenant/queryFormTenantPression/abc')).statusCode).toBe(400);
    expect((await t.call(admin, 'POST', '/api/form/tenant/queryAllotTenants/999999999')).statusCode).toBe(404);
  });

  it('copies the dictionary with its tree, and makes the tenant\'s menu with buttons for its 主管理员', async () => {
    const dic = await t.sql.query(
      `select c.code, p.code as parent from sys_dic_catalog c join sys_dic_type d on d.id = c.type_id left join sys_dic_catalog p on p.id = c.parent_id
       where d.type_code = 't3_level' and d.company_id = $1 order by c.code`,
      [t1.id],
    );
    expect(dic.rows).toEqual([{ code: 'high', parent: null }, { code: 'high_1', parent: 'high' }]);
    const perms = await t.sql.query<{ perms: string }>(
      `select m.perms from sys_menu m join sys_role_menu rm on rm.menu_id = m.id where rm.role_id = $1 and m.company_id = $2 and m.perms is not null`,
      [t1.roleId, t1.id],
    );
    expect(perms.rows.map((r) => r.perms)).toEqual(expect.arrayContaining(FORM_ACTIONS.map((a) => formPermission(main, a))));
    const routes = (await t.call(t1.cookie!, 'GET', '/api/user/listRouter')).body;
    expect(routes).toContain(`/form/list/${main}`);
  });

  it('allots again only what a tenant lacks', async () => {
    const result = await run('formAllotTenants', main, [t1]);
    expect(result.statusDesc).toEqual({ [t1.id]: 0 });
    const menus = await t.sql.query(`select count(*)::int as n from sys_menu where company_id = $1 and path = $2`, [t1.id, `/form/list/${main}`]);
    expect(menus.rows[0].n).toBe(1);
  });
});

describe('records of a handed-down form', () => {
  it('stamp the tenant, stay inside it, and all reach the park', async () => {
    const add = async (tenant: TestTenant, plate: string, note: string) => {
      const r = await t.call(tenant.cookie!, 'POST', `/api/form/addformdata/${main}`, { plate, note });
      expect(r.json(), r.body).toMatchObject({ errCode: 0 });
    };
    t1 = { ...t1, cookie: await t.login(t1.adminName, ADMIN_PASSWORD) }; // a fresh session with the new menus
    t2 = { ...t2, cookie: await t.login(t2.adminName, ADMIN_PASSWORD) };
    await add(t1, '皖A10001', '甲的备注');
    await add(t2, '皖A20002', '');
    const list = async (cookie: string) =>
      (await t.call(cookie, 'POST', '/api/form/queryformdata', { formId: main, pageNum: 1, pageSize: 50 })).json().datas.map((d: Json) => d.plate).sort();
    expect(await list(t1.cookie!)).toEqual(['皖A10001']);
    expect(await list(t2.cookie!)).toEqual(['皖A20002']);
    expect(await list(admin)).toEqual(['皖A10001', '皖A20002']);
    const stamped = await t.sql.query(`select plate, company_id from form_${main} order by plate`);
    expect(stamped.rows).toEqual([{ plate: '皖A10001', company_id: t1.id }, { plate: '皖A20002', company_id: t2.id }]);
    // The park's cross-tenant aggregate is one query over the one table.
    const agg = await t.sql.query(`select company_id, count(*)::int as n from form_${main} group by company_id order by company_id`);
    expect(agg.rows.length).toBe(2);
  });

  it('is not open to a tenant it was not handed to, and another tenant\'s record is not found', async () => {
    const t3cookie = t3.cookie!;
    expect((await t.call(t3cookie, 'GET', `/api/form/formconf/getbyid/${main}`)).statusCode).toBe(404);
    const row = await t.sql.query<{ id: string }>(`select id from form_${main} where company_id = $1`, [t1.id]);
    const other = await t.call(t2.cookie!, 'GET', `/api/form/getformdatabyid?formId=${main}&businessId=${row.rows[0]!.id}`);
    expect(other.statusCode).toBe(404);
  });
});

describe('sync', () => {
  it('moves every tenant to the new design except one whose rows hold data in a dropped field', async () => {
    await saveDesign(main, [
      control('input', '车牌', 'plate', { required: true }),
      control('m_data_ref', '台账', 'ledger', { dsConf: { formId: String(middle), key: 'name', mapping: {} } }),
      control('dic_select', '等级', 'level', {}, { typeCode: 't3_level', label_model: 'level_label' }),
      control('input', '驾驶员', 'driver'),
    ]);
    // Until synced, each tenant runs its copy: no 驾驶员 yet.
    const before = (await t.call(t2.cookie!, 'GET', `/api/form/formconf/getbyid/${main}`)).json();
    expect(before.formConf.formMeta).not.toContain('driver');
    const result = await run('syncFormConf', main, [t1, t2, off]);
    expect(result.statusDesc).toEqual({ [t1.id]: 1, [t2.id]: 0, [off.id]: 1 });
    expect(result.statusMsg[t1.id]).toBe('字段「备注」在本租户已有数据，新设计删除了该字段');
    expect(result.statusMsg[off.id]).toBe('租户已禁用');
    const after2 = (await t.call(t2.cookie!, 'GET', `/api/form/formconf/getbyid/${main}`)).json();
    expect(after2.formConf.formMeta).toContain('driver');
    const after1 = (await t.call(t1.cookie!, 'GET', `/api/form/formconf/getbyid/${main}`)).json();
    expect(after1.formConf.formMeta).not.toContain('driver');
    expect(after1.formConf.formMeta).toContain('note');
    // The records API validates with each tenant's own copy.
    const r2 = await t.call(t2.cookie!, 'POST', `/api/form/addformdata/${main}`, { plate: '皖A20003', driver: '王师傅' });
    expect(r2.json(), r2.body).toMatchObject({ errCode: 0 });
    const stored = await t.sql.query(`select driver from form_${main} where plate = '皖A20003'`);
    expect(stored.rows[0].driver).toBe('王师傅');
    const r1 = await t.call(t1.cookie!, 'POST', `/api/form/addformdata/${main}`, { plate: '皖A10004', driver: '不在设计中' });
    expect(r1.json(), r1.body).toMatchObject({ errCode: 0 });
    const ignored = await t.sql.query(`select driver, note from form_${main} where plate = '皖A10004'`);
    expect(ignored.rows[0].driver).toBeNull();
  });

  it('refuses a tenant that does not hold the form', async () => {
    const result = await run('syncFormConf', main, [t3]);
    expect(result.statusDesc).toEqual({ [t3.id]: 1 });
    expect(result.statusMsg[t3.id]).toContain('尚未分配');
  });
});
