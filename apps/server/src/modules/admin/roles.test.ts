import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { addUser, expectRefusedAndLogged, lastLog, menuIdByPath, passwordChanged, roleIdByCode, roleWithMenus } from './testHelpers.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  // A stand-in for the list page's add call (issue 8), guarded by the button's code.
  t.app.get('/api/test/form12add', { config: { permission: 'form:12:add' } }, async () => ({ errCode: 0 }));
  admin = await t.login();
});
afterAll(() => t.close());

type Menu = { id: number; name: string; path: string; menuType: string; perms: string | null; children: Menu[] };
const flatten = (menus: Menu[]): Menu[] => menus.flatMap((m) => [m, ...flatten(m.children)]);

describe('roles', () => {
  it('adds, renames and lists roles; names are unique, checked as one types', async () => {
    const id = (await t.call(admin, 'POST', '/api/user/addRole', { roleName: '安全员', remark: '巡检' })).json().id;
    expect((await t.call(admin, 'GET', `/api/user/checkByRoleName?roleName=${encodeURIComponent('安全员')}`)).json()).toEqual({ errCode: 0, exists: true });
    expect((await t.call(admin, 'GET', `/api/user/checkByRoleName?roleName=${encodeURIComponent('安全员')}&id=${id}`)).json().exists).toBe(false);
    expect((await t.call(admin, 'GET', `/api/user/checkByRoleName?roleName=${encodeURIComponent('新角色')}`)).json().exists).toBe(false);
    const dup = await t.call(admin, 'POST', '/api/user/addRole', { roleName: ' 安全员 ' });
    await expectRefusedAndLogged(t, dup, 409, '角色名称已存在', { action: '新增角色', module: '角色管理', username: 'admin' });
    const renameDup = await t.call(admin, 'POST', '/api/user/updateRole', { id, roleName: '园区管理员' });
    await expectRefusedAndLogged(t, renameDup, 409, '角色名称已存在', { action: '修改角色', module: '角色管理', username: 'admin' });
    expect((await t.call(admin, 'POST', '/api/user/updateRole', { id, roleName: '安全巡检员', remark: null })).statusCode).toBe(200);
    const list = (await t.call(admin, 'GET', '/api/user/listRole?pageNum=1&pageSize=10')).json();
    expect(list.datas.map((r: { roleName: string }) => r.roleName)).toEqual(['系统管理员', '园区管理员', '企业用户', '安全巡检员']);
    expect(list.datas[0].roleCode).toBe('sys_admin');
  });

  it('refuses deleting a built-in role, and logs it', async () => {
    const res = await t.call(admin, 'POST', '/api/user/deleteRole', { id: await roleIdByCode(t, 'park_admin') });
    await expectRefusedAndLogged(t, res, 400, '系统内置角色不能删除', { action: '删除角色', module: '角色管理', username: 'admin' });
  });

  it('grants exactly the bound menus, and their permission codes on the server', async () => {
    const roleId = await roleWithMenus(t, admin, '日志查看', ['/home', '/system/log']);
    const u = await addUser(t, admin, 'viewer', { roleIds: [roleId] });
    const cookie = await t.login('viewer', u.password);
    const { children } = (await t.call(cookie, 'GET', '/api/user/listRouter/1')).json();
    expect(children.map((m: Menu) => m.name)).toEqual(['首页', '系统管理']);
    expect(children[1].children.map((m: Menu) => m.name)).toEqual(['操作日志']);
    expect((await t.call(cookie, 'GET', '/api/user/listOptLog?pageNum=1&pageSize=5')).statusCode).toBe(200);
    // A hidden menu is not protection: the screen's calls are refused on the server.
    const other = await t.call(cookie, 'POST', '/api/user/addSys', { sysName: '越权', sysUrl: '/x', status: 0 });
    await expectRefusedAndLogged(t, other, 403, '您无权执行此操作', { action: '新增子系统', module: '系统模块', username: 'viewer' });
    expect((await t.call(cookie, 'GET', '/api/user/getSecuritySettings')).statusCode).toBe(403);
    expect((await t.call(cookie, 'GET', '/api/user/listMenu')).statusCode).toBe(403);
  });

  it('applies a change of a role\'s menus on the holder\'s next request', async () => {
    const reset = (await t.call(admin, 'POST', '/api/user/resetPwd', { id: await userId('viewer') })).json().password;
    await passwordChanged(t, await userId('viewer'));
    const cookie = await t.login('viewer', reset);
    const roleId = Number((await t.sql.query(`select id from sys_role where role_name = '日志查看'`)).rows[0].id);
    expect((await t.call(cookie, 'GET', '/api/user/listOptLog')).statusCode).toBe(200);
    const bound = await t.call(admin, 'POST', '/api/user/addRolesRelMenu', { roleId, menuIds: [await menuIdByPath(t, '/home')] });
    expect(bound.statusCode).toBe(200);
    expect((await t.call(cookie, 'GET', '/api/user/listOptLog')).statusCode).toBe(403);
    const log = await lastLog(t, '分配菜单权限');
    expect(log).toMatchObject({ result: 0, target_id: String(roleId) });
    expect((log?.detail as { before: { menuIds: string[] } }).before.menuIds).toHaveLength(2);
    expect((await t.call(admin, 'GET', `/api/user/listMenu?roleId=${roleId}`)).json().menuIds).toEqual([await menuIdByPath(t, '/home')]);
  });

  it('grants a button\'s permission code through the role tree', async () => {
    const listId = (
      await t.call(admin, 'POST', '/api/user/addFullMenu', { parentId: null, name: '危化品台账', path: '/form/list/12', component: 'FormCustom' })
    ).json().id;
    const tree = flatten((await t.call(admin, 'GET', '/api/user/listMenu')).json().datas);
    const buttons = tree.filter((m) => m.menuType === 'button' && m.perms?.startsWith('form:12:'));
    expect(buttons.map((b) => [b.name, b.perms])).toEqual([
      ['新增', 'form:12:add'],
      ['编辑', 'form:12:edit'],
      ['删除', 'form:12:delete'],
      ['导入', 'form:12:import'],
      ['导出', 'form:12:export'],
    ]);
    const roleId = (await t.call(admin, 'POST', '/api/user/addRole', { roleName: '台账录入' })).json().id;
    const add = buttons.find((b) => b.perms === 'form:12:add')!;
    await t.call(admin, 'POST', '/api/user/addRolesRelMenu', { roleId, menuIds: [listId, add.id] });
    const u = await addUser(t, admin, 'clerk', { roleIds: [roleId] });
    const cookie = await t.login('clerk', u.password);
    expect((await t.call(cookie, 'GET', '/api/test/form12add')).statusCode).toBe(200);
    // Buttons are permissions, not menus: the shell gets the list page only.
    const { children } = (await t.call(cookie, 'GET', '/api/user/listRouter/1')).json();
    expect(flatten(children).map((m: Menu) => m.name)).toEqual(['危化品台账']);
  });

  it('assigns users and organisations to a role', async () => {
    const roleId = (await t.call(admin, 'POST', '/api/user/addRole', { roleName: '应急值班' })).json().id;
    const a = await addUser(t, admin, 'duty1');
    const b = await addUser(t, admin, 'duty2', { orgIds: [3] });
    expect((await t.call(admin, 'POST', '/api/user/addRolesRelUser', { roleId, userIds: [a.id] })).statusCode).toBe(200);
    expect((await t.call(admin, 'POST', '/api/user/addRolesRelOrg', { roleId, orgIds: [3] })).statusCode).toBe(200);
    expect((await t.call(admin, 'GET', `/api/user/listRolesRelUserByRoleId?roleId=${roleId}`)).json()).toMatchObject({ userIds: [a.id] });
    expect((await t.call(admin, 'GET', `/api/user/listRolesRelOrgByRoleId?roleId=${roleId}`)).json()).toEqual({
      errCode: 0,
      datas: [{ id: 3, orgName: '应急管理办' }],
      orgIds: [3],
    });
    const holders = (await t.call(admin, 'GET', `/api/user/listUserByRoleId?roleId=${roleId}&pageNum=1&pageSize=10`)).json();
    expect(holders.totalCount).toBe(2);
    expect(holders.datas.map((h: { username: string; source: string }) => [h.username, h.source])).toEqual([
      ['duty1', 'direct'],
      ['duty2', 'org'],
    ]);
    const me = (await t.call(await t.login('duty2', b.password), 'GET', '/api/user/getUser')).json().user;
    expect(me.roleList).toEqual([]);
  });

  it('refuses a caller adding themselves to a role, and keeps the last administrator', async () => {
    const superRole = await roleIdByCode(t, 'sys_admin');
    const self = await t.call(admin, 'POST', '/api/user/addRolesRelUser', { roleId: superRole, userIds: [] });
    await expectRefusedAndLogged(t, self, 403, '不能修改自己的角色或所属组织', { action: '分配角色用户', module: '角色管理', username: 'admin' });
    // The administrator holds the role through the root organisation too; dropping the direct
    // grant is then allowed, but removing the organisation's grant as well would leave no one.
    await t.sql.query(`insert into sys_org_role (org_id, role_id) values (1, $1)`, [superRole]);
    await t.sql.query(`delete from sys_user_role where user_id = 1`);
    await t.sql.query(`select pg_notify('park_auth', '{"kind":"user","id":"*"}')`);
    const last = await t.call(admin, 'POST', '/api/user/addRolesRelOrg', { roleId: superRole, orgIds: [] });
    await expectRefusedAndLogged(t, last, 400, '不能删除或停用最后一个系统管理员', { action: '分配角色组织', module: '角色管理', username: 'admin' });
    await t.sql.query(`insert into sys_user_role (user_id, role_id) values (1, $1)`, [superRole]);
    await t.sql.query(`delete from sys_org_role where org_id = 1`);
  });

  it('refuses an organisation grant that would give or take the caller a role through their own organisation', async () => {
    const roleId = (await t.call(admin, 'POST', '/api/user/addRole', { roleName: '根组织角色' })).json().id;
    // The administrator belongs to the root organisation (1).
    const gain = await t.call(admin, 'POST', '/api/user/addRolesRelOrg', { roleId, orgIds: [1, 3] });
    await expectRefusedAndLogged(t, gain, 403, '不能修改自己的角色或所属组织', { action: '分配角色组织', module: '角色管理', username: 'admin' });
    expect((await t.sql.query(`select count(*)::int n from sys_org_role where role_id = $1`, [roleId])).rows[0].n).toBe(0);
    // Granted to the administrator's organisation by someone else, it cannot be taken away by them either.
    expect((await t.call(admin, 'POST', '/api/user/addRolesRelOrg', { roleId, orgIds: [3] })).statusCode).toBe(200);
    await t.sql.query(`insert into sys_org_role (org_id, role_id) values (1, $1)`, [roleId]);
    await t.sql.query(`select pg_notify('park_auth', '{"kind":"user","id":"*"}')`);
    const lose = await t.call(admin, 'POST', '/api/user/addRolesRelOrg', { roleId, orgIds: [3] });
    await expectRefusedAndLogged(t, lose, 403, '不能修改自己的角色或所属组织', { action: '分配角色组织', module: '角色管理', username: 'admin' });
    expect((await t.sql.query(`select org_id from sys_org_role where role_id = $1 order by org_id`, [roleId])).rows.map((r) => Number(r.org_id))).toEqual([1, 3]);
  });

  it('deletes a role with its bindings, logging what it had', async () => {
    const roleId = (await t.sql.query(`select id from sys_role where role_name = '应急值班'`)).rows[0].id;
    expect((await t.call(admin, 'POST', '/api/user/deleteRole', { id: Number(roleId) })).statusCode).toBe(200);
    const log = await lastLog(t, '删除角色');
    expect(log?.detail).toMatchObject({ before: { role_name: '应急值班', orgIds: ['3'] } });
  });
});

describe('menus', () => {
  it('edits the tree: path with a query string, component, icon, order, hidden and show type', async () => {
    const parentId = await menuIdByPath(t, '/system');
    const res = await t.call(admin, 'POST', '/api/user/addMenu', {
      parentId,
      name: '企业注册审核',
      path: '/system/company?type=0',
      component: 'CompanyManage',
      iconName: 'qiyexinxi',
      orderIndex: 20,
      hidden: true,
      showType: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id;
    const node = flatten((await t.call(admin, 'GET', '/api/user/listMenu')).json().datas).find((m) => m.id === id);
    expect(node).toMatchObject({ path: '/system/company?type=0', component: 'CompanyManage', iconName: 'qiyexinxi', hidden: true, showType: 1, level: 2 });
    const upd = await t.call(admin, 'POST', '/api/user/updateMenu', { id, parentId: null, name: '企业审核', path: '/company', showType: 2 });
    expect(upd.statusCode).toBe(200);
    // Show type 2 is the app only: the PC menus (listRouter/1) leave it out.
    const pc = flatten((await t.call(admin, 'GET', '/api/user/listRouter/1')).json().children);
    expect(pc.find((m) => m.name === '企业审核')).toBeUndefined();
    const app = flatten((await t.call(admin, 'GET', '/api/user/listRouter/2')).json().children);
    expect(app.find((m) => m.name === '企业审核')).toMatchObject({ level: 1 });
    expect((await lastLog(t, '修改菜单'))?.detail).toMatchObject({ before: { name: '企业注册审核', path: '/system/company?type=0' } });
  });

  it('refuses paths that are not ours, loops, and deleting a parent or the menu editor itself', async () => {
    for (const path of ['javascript:alert(1)', 'http://evil.example', '//evil.example', 'no-slash']) {
      const res = await t.call(admin, 'POST', '/api/user/addMenu', { name: 'x', path });
      expect(res.statusCode, path).toBe(400);
    }
    const system = await menuIdByPath(t, '/system');
    const user = await menuIdByPath(t, '/system/user');
    expect((await t.call(admin, 'POST', '/api/user/updateMenu', { id: system, parentId: user, name: '系统管理', path: '/system' })).statusCode).toBe(400);
    const parent = await t.call(admin, 'POST', '/api/user/deleteMenu', { id: system });
    await expectRefusedAndLogged(t, parent, 400, '该菜单下存在下级菜单，请先删除下级菜单', { action: '删除菜单', module: '菜单管理', username: 'admin' });
    const editor = await t.call(admin, 'POST', '/api/user/deleteMenu', { id: await menuIdByPath(t, '/system/menu') });
    expect(editor.statusCode).toBe(400);
    const button = await t.call(admin, 'POST', '/api/user/addMenu', { name: '按钮', path: '', menuType: 'button' });
    expect(button.json().errMsg).toBe('按钮必须挂在菜单之下');
  });

  it('lists what a given user sees', async () => {
    const { rows } = await t.sql.query(`select id from sys_user where username = 'clerk'`);
    const res = (await t.call(admin, 'GET', `/api/user/listMenuByUserId?userId=${rows[0].id}`)).json();
    expect(res.children.map((m: Menu) => m.name)).toEqual(['危化品台账']);
  });
});

async function userId(username: string): Promise<number> {
  const { rows } = await t.sql.query(`select id from sys_user where username = $1`, [username]);
  return Number(rows[0].id);
}
