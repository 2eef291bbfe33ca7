import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { HAS_DATA } from './formConf.routes.ts';

/* Form management (issue 9 §1): rename, copy, delete-or-disable, ungrouped filter, the menu. */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const meta = {
  list: [
    { type: 'input', name: '名称', key: 'k1', model: 'name', options: {} },
    { type: 'date', name: '日期', key: 'k2', model: 'day', options: {} },
    { type: 'table', name: '明细', key: 'k3', model: 'items', options: {}, tableColumns: [{ type: 'input', name: '物品', key: 'k4', model: 'item', options: {} }] },
  ],
  config: { labelWidth: 100 },
  sensorSettings: { queryConditions: [{ key: 'name', opt: '$like', label: '名称' }], addShowType: 1, queryLayout: { columnCount: 3 } },
};

const newForm = async (formName: string, groupId?: number) =>
  (await t.call(admin, 'POST', '/api/form/formconf/save', { formName, ...(groupId ? { groupId } : {}) })).json().formId as number;

async function tablesOf(formId: number): Promise<string[]> {
  const r = await t.sql.query(`select tablename from pg_tables where schemaname = 'public' and (tablename = $1 or tablename like $2) order by 1`, [
    `form_${formId}`,
    `form\\_${formId}\\_\\_%`,
  ]);
  return r.rows.map((x: { tablename: string }) => x.tablename);
}

async function auditActions(formId: number): Promise<string[]> {
  const r = await t.sql.query(`select action from sys_operation_log where target_type = 'form' and target_id = $1 order by id`, [String(formId)]);
  return r.rows.map((x: { action: string }) => x.action);
}

describe('form management', () => {
  it('renames a form without moving it out of its group, and refuses an unknown group', async () => {
    const groupId = (await t.call(admin, 'POST', '/api/form/formgroup/insert', { groupName: '巡检管理' })).json().id;
    const id = await newForm('巡检记录', groupId);
    expect((await t.call(admin, 'POST', '/api/form/formconf/save', { formId: id, formName: '日常巡检记录' })).json().errCode).toBe(0);
    const listed = (await t.call(admin, 'GET', `/api/form/formconf/query?pageNum=1&pageSize=10&groupId=${groupId}`)).json();
    expect(listed.datas).toMatchObject([{ formId: id, formName: '日常巡检记录', groupName: '巡检管理' }]);
    expect((await t.call(admin, 'POST', '/api/form/formconf/save', { formId: id, formName: '   ' })).json().errMsg).toBe('请输入表单名称');
    expect((await t.call(admin, 'POST', '/api/form/formgroup/insert', { groupName: ' ' })).json().errMsg).toBe('请输入分组名称');
    const bad = await t.call(admin, 'POST', '/api/form/formconf/save', { formId: id, formName: 'x', groupId: 99999 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errMsg).toBe('分组不存在，请刷新后重试');
    // Moving to no group, then finding it under 未分组 (groupId 0).
    await t.call(admin, 'POST', '/api/form/formconf/save', { formId: id, formName: '日常巡检记录', groupId: null });
    const ungrouped = (await t.call(admin, 'GET', '/api/form/formconf/query?pageNum=1&pageSize=50&groupId=0')).json();
    expect(ungrouped.datas.map((d: { formId: number }) => d.formId)).toContain(id);
    expect(ungrouped.datas.every((d: { groupId: number | null }) => d.groupId === null)).toBe(true);
  });

  it('copies the design and list settings into a new, empty, usable form with its own tables', async () => {
    const groupId = (await t.call(admin, 'POST', '/api/form/formgroup/insert', { groupName: '危化品管理' })).json().id;
    const source = await newForm('危化品入库', groupId);
    expect((await t.call(admin, 'POST', '/api/form/saveformdesign', { formId: source, formMeta: meta })).json().errCode).toBe(0);
    await t.call(admin, 'POST', `/api/form/addformdata/${source}`, { name: '甲苯', day: '2026-11-20' });

    const reply = (await t.call(admin, 'POST', '/api/form/formconf/copy', { formId: source })).json();
    expect(reply).toMatchObject({ errCode: 0, formName: '危化品入库-副本' });
    const copy = reply.formId as number;
    expect(copy).not.toBe(source);
    const conf = (await t.call(admin, 'GET', `/api/form/formconf/getbyid/${copy}`)).json().formConf;
    expect(JSON.parse(conf.formMeta)).toEqual(JSON.parse((await t.call(admin, 'GET', `/api/form/formconf/getbyid/${source}`)).json().formConf.formMeta));
    expect(await tablesOf(copy)).toEqual([`form_${copy}`, `form_${copy}__items`]);
    // Empty, and records can be added at once.
    const listOf = (id: number) => t.call(admin, 'POST', '/api/form/queryFormDataByConditions', { formId: id, pageNum: 1, pageSize: 10, queryConditions: [] });
    expect((await listOf(copy)).json().totalCount).toBe(0);
    expect((await t.call(admin, 'POST', `/api/form/addformdata/${copy}`, { name: '乙醇' })).json().errCode).toBe(0);
    expect((await listOf(source)).json().datas.map((d: { name: string }) => d.name)).toEqual(['甲苯']);
    const inGroup = (await t.call(admin, 'GET', `/api/form/formconf/query?pageNum=1&pageSize=10&groupId=${groupId}`)).json();
    expect(inGroup.totalCount).toBe(2);
    expect(await auditActions(copy)).toEqual(['复制表单']);

    // A named copy into no group; an undesigned form copies without tables.
    const bare = await newForm('草稿表单');
    const named = (await t.call(admin, 'POST', '/api/form/formconf/copy', { formId: bare, formName: '草稿表单二' })).json();
    expect(named.formName).toBe('草稿表单二');
    expect(await tablesOf(named.formId)).toEqual([]);
    expect((await t.call(admin, 'GET', `/api/form/formconf/getbyid/${named.formId}`)).statusCode).toBe(404);
    expect((await t.call(admin, 'POST', '/api/form/formconf/copy', { formId: 999999 })).statusCode).toBe(404);
  });

  it('deletes an empty form with its tables, and disables a form with data instead', async () => {
    const empty = await newForm('空表单');
    await t.call(admin, 'POST', '/api/form/saveformdesign', { formId: empty, formMeta: meta });
    // A record added and removed again leaves the form empty: it may go.
    const added = (await t.call(admin, 'POST', `/api/form/addformdata/${empty}`, { name: '临时' })).json().businessId;
    await t.call(admin, 'GET', `/api/form/batchdeleteformdata/${empty}?businessIds=${added}`);
    expect(await tablesOf(empty)).toHaveLength(2);
    // Its list page's menu entry goes with it; an unrelated menu (form_1x) stays.
    await t.sql.query(`insert into sys_menu (name, path, component, level) values ('空表单列表', $1, 'FormCustom', 1), ('别的表单', $2, 'FormCustom', 1)`, [
      `/form/list/${empty}`,
      `/form/list/${empty}0`,
    ]);
    const gone = (await t.call(admin, 'POST', '/api/form/formconf/delete', { formId: empty })).json();
    expect(gone).toMatchObject({ errCode: 0, deleted: true, removedMenus: ['空表单列表'] });
    expect((await t.sql.query(`select name from sys_menu where path like '/form/list/${empty}%'`)).rows).toEqual([{ name: '别的表单' }]);
    expect(await tablesOf(empty)).toEqual([]);
    expect((await t.sql.query('select count(*)::int as n from form_conf where id = $1', [empty])).rows[0].n).toBe(0);
    expect((await t.sql.query('select count(*)::int as n from form_event where form_id = $1', [empty])).rows[0].n).toBe(0);
    expect(await auditActions(empty)).toContain('删除表单');
    expect((await t.call(admin, 'POST', '/api/form/formconf/delete', { formId: empty })).statusCode).toBe(404);

    // Never designed: no tables to drop.
    const draft = await newForm('未设计的表单');
    expect((await t.call(admin, 'POST', '/api/form/formconf/delete', { formId: draft })).json().deleted).toBe(true);

    const full = await newForm('有数据的表单');
    await t.call(admin, 'POST', '/api/form/saveformdesign', { formId: full, formMeta: meta });
    await t.call(admin, 'POST', `/api/form/addformdata/${full}`, { name: '保留' });
    const kept = (await t.call(admin, 'POST', '/api/form/formconf/delete', { formId: full })).json();
    expect(kept).toEqual({ errCode: 0, deleted: false, status: 1, message: HAS_DATA('有数据的表单') });
    expect(kept.message).toContain('已有数据，不能删除，已将其停用');
    expect(await tablesOf(full)).toHaveLength(2);
    expect((await t.sql.query(`select name from "form_${full}"`)).rows).toEqual([{ name: '保留' }]);
    const row = (await t.call(admin, 'GET', `/api/form/formconf/query?pageNum=1&pageSize=10&formName=有数据的表单`)).json().datas[0];
    expect(row).toMatchObject({ formId: full, status: 1 });
    expect(await auditActions(full)).toContain('停用表单（有数据不能删除）');
    // Disabled means no new records.
    expect((await t.call(admin, 'POST', `/api/form/addformdata/${full}`, { name: '新' })).json().errMsg).toBe('表单已停用');
  });

  it('keeps copy and delete to holders of the form-design permission', async () => {
    await t.sql.query(
      `insert into sys_user (username, password_hash, real_name) select 'viewer', password_hash, '查看员' from sys_user where username = 'admin'`,
    );
    const viewer = await t.login('viewer');
    const id = await newForm('受保护的表单');
    expect((await t.call(viewer, 'POST', '/api/form/formconf/copy', { formId: id })).statusCode).toBe(403);
    expect((await t.call(viewer, 'POST', '/api/form/formconf/delete', { formId: id })).statusCode).toBe(403);
  });

  it('seeds the 表单管理 menu under 系统管理 for the administrator', async () => {
    const r = await t.sql.query(
      `select m.name, m.component, m.perms, p.path as parent from sys_menu m join sys_menu p on p.id = m.parent_id where m.component = 'FormManage'`,
    );
    expect(r.rows).toEqual([{ name: '表单管理', component: 'FormManage', perms: 'form:design', parent: '/system' }]);
  });
});
