import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const meta = { list: [{ type: 'input', name: '名称', key: 'k1', model: 'name', options: {} }, { type: 'date', name: '日期', key: 'k2', model: 'day', options: {} }] };

describe('form definitions and groups', () => {
  it('creates, renames, lists, searches, disables and enables forms in groups', async () => {
    const group = await t.call(admin, 'POST', '/api/form/formgroup/insert', { groupName: '安全管理' });
    const groupId = group.json().id;
    expect((await t.call(admin, 'POST', '/api/form/formgroup/insert', { groupName: '安全管理' })).statusCode).toBe(409);
    const a = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '动火作业票', groupId })).json().formId;
    await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '受限空间作业票', groupId });
    await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '访客登记' });
    expect((await t.call(admin, 'POST', '/api/form/formconf/save', { formId: a, formName: '动火作业许可', groupId })).json().formId).toBe(a);

    const found = await t.call(admin, 'GET', '/api/form/formconf/query?pageNum=1&pageSize=10&formName=作业');
    expect(found.json().totalCount).toBe(2);
    expect(found.json().datas.map((d: { formName: string }) => d.formName)).toContain('动火作业许可');
    const inGroup = await t.call(admin, 'POST', '/api/form/formconf/query', { pageNum: 1, pageSize: 10, groupId: String(groupId) });
    expect(inGroup.json().totalCount).toBe(2);
    expect(inGroup.json().datas[0].groupName).toBe('安全管理');

    expect((await t.call(admin, 'GET', `/api/form/formconf/disable?formId=${a}`)).json().errCode).toBe(0);
    const usable = await t.call(admin, 'GET', '/api/form/formconf/queryandpermission?pageNum=1&pageSize=50');
    expect(usable.json().datas.map((d: { formId: number }) => d.formId)).not.toContain(a);
    expect((await t.call(admin, 'GET', `/api/form/formconf/enable?formId=${a}`)).json().errCode).toBe(0);

    expect((await t.call(admin, 'POST', '/api/form/formgroup/update', { id: groupId, groupName: '安全生产' })).json().errCode).toBe(0);
    expect((await t.call(admin, 'GET', '/api/form/formgroup/query')).json().datas[0].groupName).toBe('安全生产');
    expect((await t.call(admin, 'GET', `/api/form/formgroup/delete?id=${groupId}`)).json().errCode).toBe(0);
    const orphan = await t.call(admin, 'GET', '/api/form/formconf/query?pageNum=1&pageSize=10&formName=动火');
    expect(orphan.json().datas[0].groupId).toBeNull();
  });

  it('refuses records on a disabled form and answers a new design at once', async () => {
    const id = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '临时表单' })).json().formId;
    await t.call(admin, 'POST', '/api/form/saveformdesign', { formId: id, formMeta: meta });
    await t.call(admin, 'GET', `/api/form/formconf/disable?formId=${id}`);
    const refused = await t.call(admin, 'POST', `/api/form/addformdata/${id}`, { name: 'x' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errMsg).toBe('表单已停用');
    await t.call(admin, 'GET', `/api/form/formconf/enable?formId=${id}`);
    expect((await t.call(admin, 'POST', `/api/form/addformdata/${id}`, { name: 'x' })).json().errCode).toBe(0);
    // A new field is usable on the next call: the cached model was dropped.
    await t.call(admin, 'POST', '/api/form/saveformdesign', {
      formId: id,
      formMeta: { list: [...meta.list, { type: 'input', name: '新字段', key: 'k3', model: 'extra', options: { required: true } }] },
    });
    const missing = await t.call(admin, 'POST', `/api/form/addformdata/${id}`, { name: 'y' });
    expect(missing.json().errMsg).toBe('请输入新字段');
  });

  it('keeps designing to holders of the form-design permission', async () => {
    await t.sql.query(
      `insert into sys_user (username, password_hash, real_name) select 'clerk', password_hash, '办事员' from sys_user where username = 'admin'`,
    );
    const clerk = await t.login('clerk');
    expect((await t.call(clerk, 'POST', '/api/form/formconf/save', { formName: '偷偷建表' })).statusCode).toBe(403);
    expect((await t.call(clerk, 'POST', '/api/form/saveformdesign', { formId: 1, formMeta: meta })).statusCode).toBe(403);
  });
});

describe('counts at scale', () => {
  it('counts exactly below the cap, caps filtered counts above it and estimates unfiltered ones', async () => {
    const id = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '大表' })).json().formId;
    await t.call(admin, 'POST', '/api/form/saveformdesign', { formId: id, formMeta: meta });
    await t.sql.query(`insert into "form_${id}" (name, day) select '记录' || g, '2026-11-' || lpad((1 + g % 28)::text, 2, '0') from generate_series(1, 12000) g`);
    await t.sql.query(`analyze "form_${id}"`);
    const q = (conds: unknown) => t.call(admin, 'POST', '/api/form/queryFormDataByConditions', { formId: id, pageNum: 1, pageSize: 10, queryConditions: conds });
    expect((await q([{ key: 'day', type: '$eq', value: '2026-11-05' }])).json()).toMatchObject({ totalCount: 429, totalCountKind: 'exact' });
    expect((await q([{ key: 'name', type: '$like', value: '记录' }])).json()).toMatchObject({ totalCount: 10000, totalCountKind: 'capped' });
    const all = (await q([])).json();
    expect(all.totalCountKind).toBe('estimate');
    expect(all.totalCount).toBeGreaterThan(11000);
    expect(all.datas).toHaveLength(10);
  });
});
