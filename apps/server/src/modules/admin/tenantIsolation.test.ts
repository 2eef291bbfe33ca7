import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { insertT2Tenant, ownerFingerprint, type TenantFixture } from '../../../test/t2Tenants.ts';

/*
 * Issue 36 (ADR 0042): a tenant administers itself. For every call of 系统管理 (organisations,
 * users, roles and their grants, menus, dictionaries, the log) and of the pickers' lookups: tenant
 * A's administrator sees and writes only A; on B's or the park's ids it gets 403/404 and nothing
 * changes; A's 普通用户 gets 403 on the administration calls; the park sees every tenant's rows
 * through the 租户管理 views' calls.
 */

let t: TestApp;
let admin: string;
let a: TenantFixture;
let b: TenantFixture;
const park = { orgId: '', userId: '', roleId: '', dicTypeId: '', menuId: '', dicCatalogId: '' };

type Ctx = { a: TenantFixture; b: TenantFixture; park: typeof park };
interface Refusal {
  call: string;
  method: 'GET' | 'POST';
  url: (c: Ctx) => string;
  body?: (c: Ctx) => unknown;
  /** Who calls: A's 主管理员 (default) or A's 普通用户. */
  as?: 'owner' | 'plain';
  status: number[];
}

const NF = [403, 404];
const on = (target: 'b' | 'park') => (c: Ctx) => (target === 'b' ? { org: c.b.rootOrgId, user: c.b.owner.id, role: c.b.adminRoleId, dic: c.b.dicTypeId } : { org: c.park.orgId, user: c.park.userId, role: c.park.roleId, dic: c.park.dicTypeId });

/** One row per call and target: A's administrator reaching B's or the park's rows. */
const CROSS: Refusal[] = (['b', 'park'] as const).flatMap((target) => {
  const id = on(target);
  return [
    { call: `addOrg under ${target}`, method: 'POST', url: () => '/api/user/addOrg', body: (c) => ({ parentId: Number(id(c).org), orgName: '越权组织' }), status: NF },
    { call: `updateOrg ${target}`, method: 'POST', url: () => '/api/user/updateOrg', body: (c) => ({ id: Number(id(c).org), orgName: '越权改名' }), status: NF },
    { call: `moveOrg ${target}`, method: 'POST', url: () => '/api/user/moveOrg', body: (c) => ({ id: Number(id(c).org), parentId: null, index: 0 }), status: NF },
    { call: `move own org under ${target}`, method: 'POST', url: () => '/api/user/moveOrg', body: (c) => ({ id: Number(c.a.childOrgId), parentId: Number(id(c).org), index: 0 }), status: NF },
    { call: `deleteOrg ${target}`, method: 'POST', url: () => '/api/user/deleteOrg', body: (c) => ({ id: Number(id(c).org) }), status: NF },
    { call: `listUserRelOrgByOrgId ${target}`, method: 'GET', url: (c) => `/api/user/listUserRelOrgByOrgId?orgId=${id(c).org}`, status: NF },
    { call: `listTenantOrg child of ${target}`, method: 'GET', url: (c) => `/api/user/listTenantOrg?orgId=${id(c).org}`, status: NF },
    { call: `updateUser ${target}`, method: 'POST', url: () => '/api/user/updateUser', body: (c) => ({ id: Number(id(c).user), realName: '越权', userType: 2 }), status: NF },
    { call: `deleteUser ${target}`, method: 'POST', url: () => '/api/user/deleteUser', body: (c) => ({ id: Number(id(c).user) }), status: NF },
    { call: `updateStatus ${target}`, method: 'POST', url: () => '/api/user/updateStatus', body: (c) => ({ id: Number(id(c).user), status: 1 }), status: NF },
    { call: `resetPwd ${target}`, method: 'POST', url: () => '/api/user/resetPwd', body: (c) => ({ id: Number(id(c).user) }), status: NF },
    { call: `listRoleByUserId ${target}`, method: 'GET', url: (c) => `/api/user/listRoleByUserId?userId=${id(c).user}`, status: NF },
    { call: `getTenantUserRelative ${target}`, method: 'GET', url: (c) => `/api/user/getTenantUserRelative?userId=${id(c).user}`, status: NF },
    { call: `listMenuByUserId ${target}`, method: 'GET', url: (c) => `/api/user/listMenuByUserId?userId=${id(c).user}`, status: NF },
    { call: `addUser into ${target}'s organisation`, method: 'POST', url: () => '/api/user/addUser', body: (c) => ({ username: `t2x_${target}_o`, realName: '越权', userType: 2, orgIds: [Number(id(c).org)], roleIds: [] }), status: [400, ...NF] },
    { call: `addUser with ${target}'s role`, method: 'POST', url: () => '/api/user/addUser', body: (c) => ({ username: `t2x_${target}_r`, realName: '越权', userType: 2, orgIds: [], roleIds: [Number(id(c).role)] }), status: [400, ...NF] },
    { call: `updateRole ${target}`, method: 'POST', url: () => '/api/user/updateRole', body: (c) => ({ id: Number(id(c).role), roleName: '越权角色' }), status: NF },
    { call: `deleteRole ${target}`, method: 'POST', url: () => '/api/user/deleteRole', body: (c) => ({ id: Number(id(c).role) }), status: NF },
    { call: `listUserByRoleId ${target}`, method: 'GET', url: (c) => `/api/user/listUserByRoleId?roleId=${id(c).role}`, status: NF },
    { call: `listRolesRelUserByRoleId ${target}`, method: 'GET', url: (c) => `/api/user/listRolesRelUserByRoleId?roleId=${id(c).role}`, status: NF },
    { call: `listRolesRelOrgByRoleId ${target}`, method: 'GET', url: (c) => `/api/user/listRolesRelOrgByRoleId?roleId=${id(c).role}`, status: NF },
    { call: `addRolesRelUser on ${target}'s role`, method: 'POST', url: () => '/api/user/addRolesRelUser', body: (c) => ({ roleId: Number(id(c).role), userIds: [Number(c.a.plain.id)] }), status: NF },
    { call: `addRolesRelUser of ${target}'s user`, method: 'POST', url: () => '/api/user/addRolesRelUser', body: (c) => ({ roleId: Number(c.a.subRoleId), userIds: [Number(id(c).user)] }), status: [400, ...NF] },
    { call: `addRolesRelOrg on ${target}'s role`, method: 'POST', url: () => '/api/user/addRolesRelOrg', body: (c) => ({ roleId: Number(id(c).role), orgIds: [Number(c.a.rootOrgId)] }), status: NF },
    { call: `addRolesRelOrg of ${target}'s org`, method: 'POST', url: () => '/api/user/addRolesRelOrg', body: (c) => ({ roleId: Number(c.a.subRoleId), orgIds: [Number(id(c).org)] }), status: [400, ...NF] },
    { call: `addRolesRelMenu on ${target}'s role`, method: 'POST', url: () => '/api/user/addRolesRelMenu', body: (c) => ({ roleId: Number(id(c).role), menuIds: [] }), status: NF },
    { call: `listMenu with ${target}'s role`, method: 'GET', url: (c) => `/api/user/listMenu?roleId=${id(c).role}`, status: NF },
    { call: `updateDicType ${target}`, method: 'POST', url: () => '/api/user/updateDicType', body: (c) => ({ id: Number(id(c).dic), typeName: '越权字典' }), status: NF },
    { call: `deleteDicType ${target}`, method: 'POST', url: () => '/api/user/deleteDicType', body: (c) => ({ id: Number(id(c).dic), force: true }), status: NF },
    { call: `addDicCatalog into ${target}'s type`, method: 'POST', url: () => '/api/user/addDicCatalog', body: (c) => ({ typeId: Number(id(c).dic), code: 'x', name: '越权项' }), status: NF },
  ] satisfies Refusal[];
});

/** Calls that are not about another owner's id. */
const OTHER: Refusal[] = [
  { call: 'addRolesRelMenu granting a park-only menu (菜单管理)', method: 'POST', url: () => '/api/user/addRolesRelMenu', body: (c) => ({ roleId: Number(c.a.subRoleId), menuIds: [Number(c.park.menuId)] }), status: [403] },
  { call: 'addUser as a park user', method: 'POST', url: () => '/api/user/addUser', body: () => ({ username: 't2x_park', realName: '越权', userType: 0, orgIds: [], roleIds: [] }), status: [403] },
  { call: 'addUser as a 主管理员', method: 'POST', url: () => '/api/user/addUser', body: () => ({ username: 't2x_owner', realName: '越权', userType: 1, tenantUserType: 0, orgIds: [], roleIds: [] }), status: [403] },
  { call: 'updateDicCatalog of the park', method: 'POST', url: () => '/api/user/updateDicCatalog', body: (c) => ({ id: Number(c.park.dicCatalogId), name: '越权' }), status: NF },
  { call: 'addMenu (no 菜单管理 for tenants)', method: 'POST', url: () => '/api/user/addMenu', body: () => ({ name: '越权菜单', path: '/x' }), status: [403] },
  // A's 普通用户: no administration at all.
  ...(
    [
      ['addOrg', 'POST', '/api/user/addOrg', (c: Ctx) => ({ parentId: Number(c.a.rootOrgId), orgName: '普通用户的组织' })],
      ['updateOrg', 'POST', '/api/user/updateOrg', (c: Ctx) => ({ id: Number(c.a.childOrgId), orgName: '普通用户改名' })],
      ['addUser', 'POST', '/api/user/addUser', () => ({ username: 't2x_plain', realName: 'x', userType: 2, orgIds: [], roleIds: [] })],
      ['updateStatus', 'POST', '/api/user/updateStatus', (c: Ctx) => ({ id: Number(c.a.sub.id), status: 1 })],
      ['addRole', 'POST', '/api/user/addRole', () => ({ roleName: '普通用户的角色' })],
      ['addRolesRelMenu', 'POST', '/api/user/addRolesRelMenu', (c: Ctx) => ({ roleId: Number(c.a.subRoleId), menuIds: [] })],
      ['addDicType', 'POST', '/api/user/addDicType', () => ({ typeCode: 't2_plain', typeName: '普通用户的字典' })],
      ['listOptLog', 'GET', '/api/user/listOptLog', undefined],
      ['listUserRelOrgByOrgId', 'GET', (c: Ctx) => `/api/user/listUserRelOrgByOrgId?orgId=${c.a.rootOrgId}`, undefined],
      ['listMenu', 'GET', '/api/user/listMenu', undefined],
    ] as const
  ).map(([call, method, url, body]) => ({
    call: `普通用户 ${call}`,
    method,
    url: typeof url === 'string' ? () => url : url,
    ...(body ? { body } : {}),
    as: 'plain' as const,
    status: [403],
  })),
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  a = await insertT2Tenant(t, 'A');
  b = await insertT2Tenant(t, 'B');
  const q = async (text: string) => (await t.sql.query<{ id: string }>(text)).rows[0]!.id;
  park.orgId = await q(`select id from sys_org where company_id is null and parent_id is null order by id limit 1`);
  park.userId = await q(`select id from sys_user where username = 'admin'`);
  park.roleId = await q(`select id from sys_role where role_code = 'park_admin'`);
  park.menuId = await q(`select id from sys_menu where path = '/system/menu'`);
  park.dicTypeId = await q(`select id from sys_dic_type where company_id is null order by id limit 1`);
  park.dicCatalogId = await q(`select id from sys_dic_catalog where type_id = ${Number(park.dicTypeId)} order by id limit 1`);
});

afterAll(async () => {
  await t?.close();
});

const ctx = (): Ctx => ({ a, b, park });
const ids = (rows: { id: number }[]) => rows.map((r) => String(r.id));

describe('a tenant administrator on another tenant\'s or the park\'s rows', () => {
  it.each([...CROSS, ...OTHER].map((r) => [r.call, r] as const))('%s is refused and changes nothing', async (_name, r) => {
    const before = [await ownerFingerprint(t, b.id), await ownerFingerprint(t, null), await ownerFingerprint(t, a.id)];
    const caller = r.as === 'plain' ? a.plain.cookie : a.owner.cookie;
    const res = await t.call(caller, r.method, r.url(ctx()), r.body?.(ctx()));
    expect(r.status, `${r.call}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    expect(res.json().errCode).not.toBe(0);
    expect(typeof res.json().errMsg).toBe('string');
    const after = [await ownerFingerprint(t, b.id), await ownerFingerprint(t, null), await ownerFingerprint(t, a.id)];
    expect(after).toEqual(before);
  });
});

describe('a tenant administrator in its own tenant', () => {
  it('lists only its own organisations, users, roles, menus, dictionaries and log, whatever tenantId it sends', async () => {
    const get = async (url: string) => {
      const res = await t.call(a.owner.cookie, 'GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json();
    };
    const orgTree = (await get(`/api/user/listOrgTree?tenantId=${b.id}`)).departManage;
    expect(orgTree.map((o: { id: number }) => String(o.id))).toEqual([a.rootOrgId]);
    expect(ids((await get(`/api/user/listTenantOrg?tenantId=${b.id}`)).list)).toEqual([a.rootOrgId]);
    expect(ids((await get(`/api/user/listOrgByParentId?tenantId=${b.id}`)).list)).toEqual([a.rootOrgId]);
    expect(ids((await get(`/api/user/listOrgAndUserTree`)).list)).toEqual([a.rootOrgId]);
    const users = ids((await get(`/api/user/listUser?tenantId=${b.id}&pageNum=1&pageSize=100`)).datas);
    expect(users.sort()).toEqual([a.owner.id, a.sub.id, a.plain.id].sort());
    expect((await get(`/api/user/listUserByOrgId?orgId=${b.rootOrgId}`)).list).toEqual([]);
    expect(ids((await get(`/api/user/listRole?tenantId=${b.id}`)).datas).sort()).toEqual([a.adminRoleId, a.subRoleId].sort());
    const types = (await get(`/api/user/listDicType?tenantId=${b.id}`)).datas as { id: number }[];
    expect(ids(types)).toContain(a.dicTypeId);
    expect(ids(types)).toContain(park.dicTypeId);
    expect(ids(types)).not.toContain(b.dicTypeId);
    expect((await t.call(a.owner.cookie, 'GET', `/api/user/listDicCatalog?typeId=${b.dicTypeId}`)).statusCode).toBe(400);
    expect((await get(`/api/user/listDicCatalog?typeId=${park.dicTypeId}`)).datas.length).toBeGreaterThan(0);
    const menus = JSON.stringify((await get(`/api/user/listMenu?roleId=${a.subRoleId}`)).datas);
    expect(menus).toContain('/system/user');
    expect(menus).not.toContain('/system/menu');
    expect(menus).not.toContain('/tenant');
    const router = JSON.stringify((await get('/api/user/listRouter')).children);
    expect(router).toContain('/system/org');
    expect(router).not.toContain('/system/menu');
    expect(router).not.toContain('/tenant/');
  });

  it('adds an organisation, a 子管理员 and a role granting a menu, all in its tenant, and its log shows only its own', async () => {
    const org = await t.call(a.owner.cookie, 'POST', '/api/user/addOrg', { parentId: Number(a.rootOrgId), orgName: '储运部' });
    expect(org.json(), org.body).toMatchObject({ errCode: 0 });
    const user = await t.call(a.owner.cookie, 'POST', '/api/user/addUser', {
      username: `t2_new_${a.id}`,
      realName: '新子管理员',
      userType: 1,
      tenantUserType: 1,
      orgIds: [org.json().id],
      roleIds: [Number(a.subRoleId)],
    });
    expect(user.json(), user.body).toMatchObject({ errCode: 0 });
    const role = await t.call(a.owner.cookie, 'POST', '/api/user/addRole', { roleName: '储运角色' });
    expect(role.json(), role.body).toMatchObject({ errCode: 0 });
    const dictMenu = (await t.sql.query(`select id from sys_menu where path = '/system/dict' and company_id is null`)).rows[0].id;
    const grant = await t.call(a.owner.cookie, 'POST', '/api/user/addRolesRelMenu', { roleId: role.json().id, menuIds: [Number(dictMenu)] });
    expect(grant.json(), grant.body).toMatchObject({ errCode: 0 });
    const dic = await t.call(a.owner.cookie, 'POST', '/api/user/addDicType', { typeCode: 't2_own', typeName: '同码字典' });
    expect(dic.statusCode).toBe(409); // its own code already; the park's and B's same code do not count
    const rows = await t.sql.query(
      `select (select company_id from sys_org where id = $1) o, (select company_id from sys_user where id = $2) u,
              (select tenant_user_type from sys_user where id = $2) k, (select company_id from sys_role where id = $3) r`,
      [org.json().id, user.json().id, role.json().id],
    );
    expect(rows.rows[0]).toEqual({ o: a.id, u: a.id, k: 1, r: a.id });
    const log = (await t.call(a.owner.cookie, 'GET', '/api/user/listOptLog?pageNum=1&pageSize=100')).json();
    expect(log.datas.length).toBeGreaterThan(0);
    const companies = await t.sql.query(`select distinct company_id from sys_operation_log where id = any($1::bigint[])`, [log.datas.map((r: { id: number }) => r.id)]);
    expect(companies.rows).toEqual([{ company_id: a.id }]);
  });

  it('a 子管理员 manages users where granted, but not the 主管理员 nor roles', async () => {
    const list = await t.call(a.sub.cookie, 'GET', '/api/user/listUser?pageNum=1&pageSize=10');
    expect(list.statusCode).toBe(200);
    expect((await t.call(a.sub.cookie, 'POST', '/api/user/updateStatus', { id: Number(a.owner.id), status: 1 })).statusCode).toBe(403);
    expect((await t.call(a.sub.cookie, 'POST', '/api/user/addRole', { roleName: '子管理员建的角色' })).statusCode).toBe(403);
  });
});

describe('the park', () => {
  it('sees each tenant through the 租户管理 views\' calls', async () => {
    const get = async (url: string) => {
      const res = await t.call(admin, 'GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json();
    };
    expect(ids((await get(`/api/user/listTenantOrg?tenantId=${b.id}`)).list)).toEqual([b.rootOrgId]);
    expect(ids((await get(`/api/user/listTenantOrg?tenantId=${b.id}&orgId=${b.rootOrgId}`)).list)).toEqual([b.childOrgId]);
    const users = (await get(`/api/user/listUser?tenantId=${b.id}&pageNum=1&pageSize=100`)).datas as { id: number; tenantUserType: number }[];
    expect(ids(users).sort()).toEqual([b.owner.id, b.sub.id, b.plain.id].sort());
    expect(users.map((u) => u.tenantUserType).sort()).toEqual([0, 1, 2]);
    expect((await get(`/api/user/getTenantUserRelative?userId=${b.sub.id}`)).tenantUser).toMatchObject({ userType: 1 });
    expect(ids((await get(`/api/user/listRole?tenantId=${b.id}`)).datas).sort()).toEqual([b.adminRoleId, b.subRoleId].sort());
    const menu = await get(`/api/user/listMenu?tenantId=${b.id}&roleId=${b.subRoleId}`);
    expect(JSON.stringify(menu.children)).not.toContain('/system/menu');
    expect(menu.roleMenus.length).toBe(2);
    expect(ids((await get(`/api/user/listDicType?tenantId=${b.id}`)).datas)).toEqual([b.dicTypeId]);
    expect((await get(`/api/user/listDicCatalog?tenantId=${b.id}&typeId=${b.dicTypeId}`)).datas).toHaveLength(1);
    expect((await get(`/api/user/listTenant?pageNum=1&pageSize=100`)).datas.map((x: { id: number }) => String(x.id))).toEqual(expect.arrayContaining([a.id, b.id]));
    // Its own lists stay its own: no tenant's organisation or role among them.
    expect(JSON.stringify((await get('/api/user/listOrgTree')).departManage)).not.toContain(b.name);
    expect(ids((await get('/api/user/listRole')).datas)).not.toContain(b.adminRoleId);
  });

  it('a park user without the views\' codes cannot read a tenant', async () => {
    await t.sql.query(`insert into sys_user (username, password_hash, real_name) select 't2_parkplain', password_hash, '园区普通' from sys_user where username = 'admin'`);
    const plain = await t.login('t2_parkplain');
    for (const url of [`/api/user/listUser?tenantId=${b.id}`, `/api/user/listTenantOrg?tenantId=${b.id}`, `/api/user/listRole?tenantId=${b.id}`, `/api/user/listDicType?tenantId=${b.id}`, '/api/user/listTenant']) {
      expect((await t.call(plain, 'GET', url)).statusCode, url).toBe(403);
    }
  });

  it('manages a tenant\'s rows by id as before', async () => {
    const res = await t.call(admin, 'POST', '/api/user/updateOrg', { id: Number(b.childOrgId), orgName: '安全环保部' });
    expect(res.json(), res.body).toMatchObject({ errCode: 0 });
  });
});
