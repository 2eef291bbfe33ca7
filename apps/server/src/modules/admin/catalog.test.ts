import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { registerDicUsageCounter } from './dicts/usage.ts';
import { addUser, expectRefusedAndLogged, lastLog } from './testHelpers.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

type Org = { id: number; orgName: string; children: Org[] };
const tree = async (): Promise<Org[]> => (await t.call(admin, 'GET', '/api/user/listOrgTree')).json().departManage;
const names = (orgs: Org[]) => orgs.map((o) => o.orgName);

describe('organisations', () => {
  it('adds under a parent, refusing a duplicate name among siblings only', async () => {
    const id = (await t.call(admin, 'POST', '/api/user/addOrg', { parentId: 2, orgName: '危化品科', orgCode: 'WHP' })).json().id;
    expect(id).toBeGreaterThan(0);
    const dup = await t.call(admin, 'POST', '/api/user/addOrg', { parentId: 2, orgName: '危化品科' });
    await expectRefusedAndLogged(t, dup, 409, '同一上级组织下已存在同名组织', { action: '新增组织', module: '组织机构', username: 'admin' });
    expect((await t.call(admin, 'POST', '/api/user/addOrg', { parentId: 3, orgName: '危化品科' })).statusCode).toBe(200);
    const rename = await t.call(admin, 'POST', '/api/user/updateOrg', { id: 4, orgName: '安全监管科' });
    expect(rename.statusCode).toBe(409);
    const root = (await tree())[0]!;
    expect(names(root.children.find((o) => o.id === 2)!.children)).toEqual(['危化品科']);
  });

  it('moves and reorders by drag and drop, refusing a move under itself', async () => {
    // Put 综合办公室 first among the root's children, then under 安全监管科 at position 0.
    const office = (await tree())[0]!.children.find((o) => o.orgName === '综合办公室')!;
    expect((await t.call(admin, 'POST', '/api/user/moveOrg', { id: office.id, parentId: 1, index: 0 })).statusCode).toBe(200);
    expect(names((await tree())[0]!.children)[0]).toBe('综合办公室');
    expect((await t.call(admin, 'POST', '/api/user/moveOrg', { id: office.id, parentId: 2, index: 0 })).statusCode).toBe(200);
    const safety = (await tree())[0]!.children.find((o) => o.id === 2)!;
    expect(names(safety.children)).toEqual(['综合办公室', '危化品科']);
    const loop = await t.call(admin, 'POST', '/api/user/moveOrg', { id: 2, parentId: office.id, index: 0 });
    await expectRefusedAndLogged(t, loop, 400, '不能把组织移动到它自己或它的下级组织之下', { action: '移动组织', module: '组织机构', username: 'admin' });
    expect((await lastLog(t, '移动组织'))?.result).toBe(1);
  });

  it('refuses deleting an organisation that has users or children, with a clear message, and logs it', async () => {
    await addUser(t, admin, 'member1', { orgIds: [5] });
    await addUser(t, admin, 'member2', { orgIds: [5] });
    const withUsers = await t.call(admin, 'POST', '/api/user/deleteOrg', { id: 5 });
    await expectRefusedAndLogged(t, withUsers, 400, '该组织下存在 2 个用户，不能删除', { action: '删除组织', module: '组织机构', username: 'admin' });
    const withChildren = await t.call(admin, 'POST', '/api/user/deleteOrg', { id: 2 });
    await expectRefusedAndLogged(t, withChildren, 400, '该组织下存在下级组织，不能删除', { action: '删除组织', module: '组织机构', username: 'admin' });
    const members = (await t.call(admin, 'GET', '/api/user/listUserRelOrgByOrgId?orgId=5&pageNum=1&pageSize=1')).json();
    expect(members.totalCount).toBe(2);
    expect(members.datas).toEqual([expect.objectContaining({ username: 'member1', status: 0 })]);
  });

  it('deletes an empty organisation and logs its previous values', async () => {
    const id = (await t.call(admin, 'POST', '/api/user/addOrg', { parentId: 1, orgName: '临时组' })).json().id;
    expect((await t.call(admin, 'POST', '/api/user/deleteOrg', { id })).statusCode).toBe(200);
    expect(await lastLog(t, '删除组织')).toMatchObject({ result: 0, target_id: String(id), detail: { before: { org_name: '临时组' } } });
  });
});

describe('dictionaries', () => {
  let typeId: number;

  it('adds types with unique codes, checked as one types', async () => {
    typeId = (await t.call(admin, 'POST', '/api/user/addDicType', { typeCode: 'hazard_class', typeName: '危化品类别' })).json().id;
    expect((await t.call(admin, 'GET', '/api/user/checkDicType?typeCode=hazard_class')).json().exists).toBe(true);
    expect((await t.call(admin, 'GET', `/api/user/checkDicType?typeCode=hazard_class&id=${typeId}`)).json().exists).toBe(false);
    const dup = await t.call(admin, 'POST', '/api/user/addDicType', { typeCode: 'hazard_class', typeName: '重复' });
    await expectRefusedAndLogged(t, dup, 409, '字典类型编码已存在', { action: '新增字典类型', module: '数据字典', username: 'admin' });
    expect((await t.call(admin, 'POST', '/api/user/addDicType', { typeCode: '1bad', typeName: 'x' })).statusCode).toBe(400);
    expect((await t.call(admin, 'POST', '/api/user/updateDicType', { id: typeId, typeName: '危险化学品类别' })).statusCode).toBe(200);
    const list = (await t.call(admin, 'GET', '/api/user/listDicType?pageNum=1&pageSize=10&wd=hazard')).json();
    expect(list.datas).toEqual([expect.objectContaining({ typeCode: 'hazard_class', typeName: '危险化学品类别' })]);
  });

  it('keeps a tree of entries with codes unique in the type', async () => {
    const add = (body: object) => t.call(admin, 'POST', '/api/user/addDicCatalog', { typeId, ...body });
    const flammable = (await add({ code: '2', name: '易燃气体' })).json().id;
    await add({ code: '2.1', name: '甲烷', parentId: flammable });
    await add({ code: '2.2', name: '乙炔', parentId: flammable });
    await add({ code: '8', name: '腐蚀性物质' });
    const dup = await add({ code: '2.1', name: '重复' });
    await expectRefusedAndLogged(t, dup, 409, '同一字典类型下编码已存在', { action: '新增字典项', module: '数据字典', username: 'admin' });
    const all = (await t.call(admin, 'GET', '/api/user/listDicCatalog?typeCode=hazard_class')).json().datas;
    expect(all.map((c: { name: string }) => c.name)).toEqual(['易燃气体', '腐蚀性物质']);
    expect(all[0].children.map((c: { code: string }) => c.code)).toEqual(['2.1', '2.2']);
    const top = (await t.call(admin, 'GET', `/api/user/listDicCatalogByParentId?typeId=${typeId}&parentId=0`)).json().datas;
    expect(top.map((c: { name: string; hasChildren: boolean }) => [c.name, c.hasChildren])).toEqual([
      ['易燃气体', true],
      ['腐蚀性物质', false],
    ]);
    const kids = (await t.call(admin, 'GET', `/api/user/listDicCatalogByParentId?typeCode=hazard_class&parentId=${flammable}`)).json().datas;
    expect(kids).toHaveLength(2);
  });

  it('warns with how many records use an entry before deleting it, then deletes when confirmed', async () => {
    const stop = registerDicUsageCounter(async (_db, typeCode, codes) => (typeCode === 'hazard_class' && codes.includes('2.1') ? 7 : 0));
    try {
      const flammable = (await t.sql.query(`select id from sys_dic_catalog where code = '2' and type_id = $1`, [typeId])).rows[0].id;
      const warned = await t.call(admin, 'POST', '/api/user/deleteDicCatalog', { id: Number(flammable) });
      expect(warned.statusCode).toBe(409);
      expect(warned.json()).toEqual({ errCode: 409, usedCount: 7, errMsg: '该字典项已被 7 条记录使用，删除后这些记录将无法显示对应名称，确认删除吗？' });
      expect((await lastLog(t, '删除字典项'))?.result).toBe(1);
      const forced = await t.call(admin, 'POST', '/api/user/deleteDicCatalog', { id: Number(flammable), force: true });
      expect(forced.statusCode).toBe(200);
      const log = await lastLog(t, '删除字典项');
      expect(log).toMatchObject({ result: 0, detail: { usedCount: 7, before: { subtreeCodes: ['2', '2.1', '2.2'] } } });
      expect((await t.call(admin, 'GET', `/api/user/listDicCatalog?typeId=${typeId}`)).json().datas).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('deletes a type with its entries', async () => {
    expect((await t.call(admin, 'POST', '/api/user/deleteDicType', { id: typeId })).statusCode).toBe(200);
    expect((await t.sql.query(`select count(*)::int as n from sys_dic_catalog where type_id = $1`, [typeId])).rows[0].n).toBe(0);
  });
});

describe('systems and modules', () => {
  it('adds modules with unique names and safe addresses; status 0 ones reach the top bar', async () => {
    const add = (body: object) => t.call(admin, 'POST', '/api/user/addSys', body);
    const id = (await add({ sysName: '智慧消防', sysUrl: 'https://fire.park.example/portal', status: 0 })).json().id;
    const dup = await add({ sysName: '智慧消防', sysUrl: '/x', status: 1 });
    await expectRefusedAndLogged(t, dup, 409, '子系统已存在', { action: '新增子系统', module: '系统模块', username: 'admin' });
    expect((await t.call(admin, 'GET', `/api/user/checkBySysName?sysName=${encodeURIComponent('智慧消防')}`)).json().exists).toBe(true);
    expect((await t.call(admin, 'GET', `/api/user/checkBySysName?sysName=${encodeURIComponent('智慧消防')}&id=${id}`)).json().exists).toBe(false);
    for (const sysUrl of ['javascript:alert(1)', '//evil.example', 'data:text/html,x', 'ftp://x']) {
      expect((await add({ sysName: `坏地址${sysUrl.length}`, sysUrl, status: 0 })).statusCode, sysUrl).toBe(400);
    }
    const list = (await t.call(admin, 'GET', '/api/user/listSys')).json().list;
    expect(list.find((m: { id: number }) => m.id === id)).toMatchObject({ sysName: '智慧消防', status: 0, orderIndex: 2 });
    expect((await t.call(admin, 'POST', '/api/user/updateSys', { id, sysName: '智慧消防平台', sysUrl: '/fire', status: 1 })).statusCode).toBe(200);
    expect((await lastLog(t, '修改子系统'))?.detail).toMatchObject({ before: { sys_name: '智慧消防', status: 0 } });
    expect((await t.call(admin, 'POST', '/api/user/deleteSys', { id })).statusCode).toBe(200);
    expect((await lastLog(t, '删除子系统'))?.detail).toMatchObject({ before: { sys_name: '智慧消防平台' } });
  });
});
