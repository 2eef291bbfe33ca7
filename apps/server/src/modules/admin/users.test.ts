import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { addUser, expectRefusedAndLogged, lastLog, roleIdByCode } from './testHelpers.ts';

let t: TestApp;
let admin: string;
let superRole: number;
let parkAdminRole: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  superRole = await roleIdByCode(t, 'sys_admin');
  parkAdminRole = await roleIdByCode(t, 'park_admin');
});
afterAll(() => t.close());

describe('users', () => {
  it('adds a user with organisations and roles, whose one-time password logs in', async () => {
    const u = await addUser(t, admin, 'zhangsan', { orgIds: [2], roleIds: [parkAdminRole] });
    expect(u.password.length).toBeGreaterThanOrEqual(12);
    const cookie = await t.login('zhangsan', u.password);
    const me = (await t.call(cookie, 'GET', '/api/user/getUser')).json().user;
    expect(me).toMatchObject({ username: 'zhangsan', orgList: [{ id: 2 }], roleList: [{ id: parkAdminRole, roleName: '园区管理员' }] });
    const log = await lastLog(t, '新增用户');
    expect(log).toMatchObject({ module: '用户管理', username: 'admin', result: 0, target_id: String(u.id) });
    expect(JSON.stringify(log?.detail)).not.toContain(u.password);
  });

  it('lists with a keyword, paging, and an organisation including those below it', async () => {
    await addUser(t, admin, 'lisi', { orgIds: [3] });
    const page = (await t.call(admin, 'GET', '/api/user/listUser?pageNum=1&pageSize=1&wd=LISI')).json();
    expect(page.totalCount).toBe(1);
    expect(page.datas[0]).toMatchObject({ username: 'lisi', status: 0, orgList: [{ id: 3 }], roleList: [] });
    expect(page.datas[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Organisation 1 is the root: its tree holds admin (1), zhangsan (2) and lisi (3).
    const underRoot = (await t.call(admin, 'GET', '/api/user/listUser?pageNum=1&pageSize=10&orgId=1')).json();
    expect(underRoot.datas.map((u: { username: string }) => u.username).sort()).toEqual(['admin', 'lisi', 'zhangsan']);
    const underOne = (await t.call(admin, 'GET', '/api/user/listUser?pageNum=1&pageSize=10&orgId=3')).json();
    expect(underOne.datas.map((u: { username: string }) => u.username)).toEqual(['lisi']);
    // A keyword is text, never a pattern.
    expect((await t.call(admin, 'GET', '/api/user/listUser?wd=%25')).json().totalCount).toBe(0);
  });

  it('refuses a duplicate user name, whatever its case, and logs the refusal', async () => {
    const res = await t.call(admin, 'POST', '/api/user/addUser', {
      username: 'ZhangSan',
      realName: '重名',
      userType: 0,
      orgIds: [],
      roleIds: [],
    });
    await expectRefusedAndLogged(t, res, 409, '用户名已存在', { action: '新增用户', module: '用户管理', username: 'admin' });
  });

  it('re-validates fields on the server', async () => {
    const bad = (patch: object) =>
      t.call(admin, 'POST', '/api/user/addUser', { username: 'wangwu', realName: '王五', userType: 0, orgIds: [], roleIds: [], ...patch });
    expect((await bad({ phone: '12345' })).json().errMsg).toBe('请输入正确的手机号或固定电话');
    expect((await bad({ email: 'not-mail' })).json().errMsg).toBe('请输入正确的电子邮箱');
    expect((await bad({ username: '王 五' })).statusCode).toBe(400);
    expect((await bad({ orgIds: [99999] })).json().errMsg).toBe('所选组织不存在或已被删除');
    expect((await bad({ phone: '13812345678', email: 'ww@example.com' })).statusCode).toBe(200);
  });

  it('refuses a user changing their own roles or organisations through updateUser with 403, and logs it', async () => {
    const self = { id: 1, realName: '系统管理员', userType: 0 };
    const res = await t.call(admin, 'POST', '/api/user/updateUser', { ...self, roleIds: [superRole, parkAdminRole] });
    await expectRefusedAndLogged(t, res, 403, '不能修改自己的角色或所属组织', { action: '修改用户', module: '用户管理', username: 'admin' });
    const orgs = await t.call(admin, 'POST', '/api/user/updateUser', { ...self, orgIds: [1, 2] });
    expect(orgs.statusCode).toBe(403);
    // Editing one's own details, with the same roles, is allowed.
    const same = await t.call(admin, 'POST', '/api/user/updateUser', { ...self, phone: '13900000000', roleIds: [superRole], orgIds: [1] });
    expect(same.statusCode).toBe(200);
  });

  it('ignores fields a caller may not write: the user name and status do not change through updateUser', async () => {
    const { rows } = await t.sql.query(`select id from sys_user where username = 'lisi'`);
    const res = await t.call(admin, 'POST', '/api/user/updateUser', {
      id: Number(rows[0].id),
      username: 'hacked',
      status: 1,
      realName: '李四',
      userType: 2,
    });
    expect(res.statusCode).toBe(200);
    const after = await t.sql.query(`select username, status, real_name, user_type from sys_user where id = $1`, [rows[0].id]);
    expect(after.rows[0]).toEqual({ username: 'lisi', status: 0, real_name: '李四', user_type: 2 });
    const log = await lastLog(t, '修改用户');
    expect(log).toMatchObject({ result: 0, target_id: String(rows[0].id) });
    expect(log?.detail).toMatchObject({ before: { real_name: 'lisi的名字', user_type: 0 } });
  });

  it('refuses deleting or disabling the last administrator, and logs it', async () => {
    const del = await t.call(admin, 'POST', '/api/user/deleteUser', { id: 1 });
    await expectRefusedAndLogged(t, del, 400, '不能删除或停用最后一个系统管理员', { action: '删除用户', module: '用户管理', username: 'admin' });
    expect((await lastLog(t, '删除用户'))?.target_id).toBe('1');
    const off = await t.call(admin, 'POST', '/api/user/updateStatus', { id: 1, status: 1 });
    expect(off.statusCode).toBe(400);
    expect(off.json().errMsg).toBe('不能删除或停用最后一个系统管理员');
    // With a second administrator, the first may be removed by the second.
    const second = await addUser(t, admin, 'root2', { roleIds: [superRole] });
    const root2 = await t.login('root2', second.password);
    expect((await t.call(root2, 'POST', '/api/user/updateStatus', { id: 1, status: 1 })).statusCode).toBe(200);
    // …and now root2 is the last one.
    const last = await t.call(root2, 'POST', '/api/user/deleteUser', { id: second.id });
    expect(last.json().errMsg).toBe('不能删除或停用最后一个系统管理员');
    expect((await t.call(root2, 'POST', '/api/user/updateStatus', { id: 1, status: 0 })).statusCode).toBe(200);
    admin = await t.login();
  });

  it('ends a disabled user\'s open sessions at once, and refuses their login', async () => {
    const u = await addUser(t, admin, 'zhaoliu', { roleIds: [parkAdminRole] });
    const cookie = await t.login('zhaoliu', u.password);
    expect((await t.call(cookie, 'GET', '/api/user/getUser')).statusCode).toBe(200);
    expect((await t.call(admin, 'POST', '/api/user/updateStatus', { id: u.id, status: 1 })).statusCode).toBe(200);
    expect((await t.call(cookie, 'GET', '/api/user/getUser')).statusCode).toBe(401);
    await expect(t.login('zhaoliu', u.password)).rejects.toThrow(/403/);
    expect(await lastLog(t, '停用用户')).toMatchObject({ result: 0, target_id: String(u.id), detail: { before: { status: 0 } } });
    expect((await t.call(admin, 'POST', '/api/user/updateStatus', { id: u.id, status: 0 })).statusCode).toBe(200);
    expect(await t.login('zhaoliu', u.password)).toMatch(/^park_sid=/);
  });

  it('resets a password: the new one is returned once, the old one and the user\'s sessions stop working', async () => {
    const u = await addUser(t, admin, 'sunqi');
    const cookie = await t.login('sunqi', u.password);
    const res = await t.call(admin, 'POST', '/api/user/resetPwd', { id: u.id });
    expect(res.statusCode).toBe(200);
    const { password } = res.json();
    expect(password).not.toBe(u.password);
    expect((await t.call(cookie, 'GET', '/api/user/getUser')).statusCode).toBe(401);
    await expect(t.login('sunqi', u.password)).rejects.toThrow();
    expect(await t.login('sunqi', password)).toMatch(/^park_sid=/);
    const log = await lastLog(t, '重置密码');
    expect(JSON.stringify(log)).not.toContain(password);
  });

  it('deletes a user with their sessions and links; the previous values are logged', async () => {
    const u = await addUser(t, admin, 'todelete', { orgIds: [4], roleIds: [parkAdminRole] });
    const cookie = await t.login('todelete', u.password);
    expect((await t.call(admin, 'POST', '/api/user/deleteUser', { id: u.id })).statusCode).toBe(200);
    expect((await t.call(cookie, 'GET', '/api/user/getUser')).statusCode).toBe(401);
    const log = await lastLog(t, '删除用户');
    expect(log).toMatchObject({ result: 0, detail: { before: { username: 'todelete', orgIds: ['4'], roleIds: [String(parkAdminRole)] } } });
    expect((await t.call(admin, 'POST', '/api/user/deleteUser', { id: u.id })).statusCode).toBe(404);
  });

  it('lets a park administrator manage users, but never a system administrator or the super role', async () => {
    const pa = await addUser(t, admin, 'parkadmin', { roleIds: [parkAdminRole] });
    const cookie = await t.login('parkadmin', pa.password);
    const plain = await addUser(t, cookie, 'byparkadmin');
    expect(plain.id).toBeGreaterThan(0);
    const grant = await t.call(cookie, 'POST', '/api/user/updateUser', { id: plain.id, realName: 'x', userType: 0, roleIds: [superRole] });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().errMsg).toBe('只有系统管理员可以授予、撤销或修改系统管理员');
    const touchAdmin = await t.call(cookie, 'POST', '/api/user/resetPwd', { id: 1 });
    expect(touchAdmin.statusCode).toBe(403);
    expect((await lastLog(t, '重置密码'))).toMatchObject({ result: 1, username: 'parkadmin', target_id: '1' });
  });

  it('refuses every user administration call to a user without system:user with 403, and logs it', async () => {
    const u = await addUser(t, admin, 'nobody');
    const cookie = await t.login('nobody', u.password);
    const res = await t.call(cookie, 'POST', '/api/user/addUser', { username: 'x1', realName: 'x', userType: 0, orgIds: [], roleIds: [] });
    await expectRefusedAndLogged(t, res, 403, '您无权执行此操作', { action: '新增用户', module: '用户管理', username: 'nobody' });
    for (const [url, body] of [
      ['/api/user/updateUser', { id: 1, realName: 'x', userType: 0 }],
      ['/api/user/deleteUser', { id: 1 }],
      ['/api/user/updateStatus', { id: 1, status: 1 }],
      ['/api/user/resetPwd', { id: 1 }],
    ] as const) {
      expect((await t.call(cookie, 'POST', url, body)).statusCode).toBe(403);
    }
    expect((await t.call(cookie, 'GET', '/api/user/listRoleByUserId?userId=1')).statusCode).toBe(403);
    const { rows } = await t.sql.query(
      `select count(*)::int as n from sys_operation_log where username = 'nobody' and result = 1 and err_msg = '您无权执行此操作'`,
    );
    expect(rows[0].n).toBe(6);
    // Reading the user list (the pickers' source) needs only a login.
    expect((await t.call(cookie, 'GET', '/api/user/listUser?pageNum=1&pageSize=5')).statusCode).toBe(200);
  });

  it('lists a user\'s roles', async () => {
    const res = (await t.call(admin, 'GET', '/api/user/listRoleByUserId?userId=1')).json();
    expect(res).toEqual({ errCode: 0, datas: [{ id: superRole, roleName: '系统管理员' }], roleIds: [superRole] });
  });
});
