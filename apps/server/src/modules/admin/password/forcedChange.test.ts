import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_REQUIRED, PASSWORD_RULE_MESSAGE } from '@park/core';
import { createTestApp, type TestApp } from '../../../../test/testApp.ts';
import { sealWithForge } from '../../../../test/sealWithForge.ts';

/*
 * Issue 42: a password the platform generated (a new user's, a reset) is changed at the first
 * login, under the password rule, before the server answers anything else.
 */
describe('a generated password must be changed at the first login', () => {
  let t: TestApp;
  let admin: string;
  const seal = async (password: string) => sealWithForge((await t.app.inject({ method: 'GET', url: '/apc/publicKey' })).json().publicKey as string, password);
  const loginReply = async (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/apc/login', payload: { username, password: await seal(password) } });
  const change = async (cookie: string, oldPassword: string, newPassword: string) =>
    t.call(cookie, 'POST', '/api/user/updateCurrentPwd', { oldPassword: await seal(oldPassword), newPassword: await seal(newPassword) });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(async () => t?.close());

  it('refuses every call but the password change until then, and the change follows the password rule', async () => {
    const added = await t.call(admin, 'POST', '/api/user/addUser', { username: 'first_login', realName: '初次登录', userType: 0, orgIds: [], roleIds: [] });
    const { password } = added.json() as { password: string };
    const login = await loginReply('first_login', password);
    expect(login.json()).toMatchObject({ errCode: 0, mustChangePassword: true, user: { username: 'first_login' } });
    const cookie = `park_sid=${login.cookies.find((c) => c.name === 'park_sid')!.value}`;

    const refused = { errCode: 403, errMsg: PASSWORD_CHANGE_REQUIRED, errorcode: 'change password' };
    for (const [method, url] of [['GET', '/api/user/getUser'], ['GET', '/api/user/listRouter/1'], ['GET', '/api/msg/queryself?pageNum=1&pageSize=10'], ['POST', '/api/user/addRole']] as const) {
      const res = await t.call(cookie, method, url, method === 'POST' ? { roleName: 'x' } : undefined);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual(refused);
    }

    // The rule is the server's: a weak new password is refused and the account stays as it was.
    const weak = await change(cookie, password, 'weakpass');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errMsg).toBe(PASSWORD_RULE_MESSAGE);
    expect((await t.call(cookie, 'GET', '/api/user/getUser')).statusCode).toBe(403);
    // Checking the current password is part of the change, so it is answered.
    expect((await t.call(cookie, 'POST', '/api/user/checkCurrentPwd', { password: await seal(password) })).json()).toEqual({ errCode: 0, valid: true });

    expect((await change(cookie, password, 'Chosen@2026')).json()).toEqual({ errCode: 0 });
    // The same session goes on, now with everything its roles allow.
    expect((await t.call(cookie, 'GET', '/api/user/getUser')).statusCode).toBe(200);
    const again = await loginReply('first_login', 'Chosen@2026');
    expect(again.json().errCode).toBe(0);
    expect(again.json()).not.toHaveProperty('mustChangePassword');
    const flag = await t.sql.query(`select must_change_password from sys_user where username = 'first_login'`);
    expect(flag.rows[0].must_change_password).toBe(false);

    // A reset by an administrator generates a password again: changed again at the next login.
    const reset = await t.call(admin, 'POST', '/api/user/resetPwd', { id: added.json().id });
    const next = await loginReply('first_login', reset.json().password as string);
    expect(next.json()).toMatchObject({ errCode: 0, mustChangePassword: true });
    const nextCookie = `park_sid=${next.cookies.find((c) => c.name === 'park_sid')!.value}`;
    expect((await t.call(nextCookie, 'GET', '/api/user/getUser')).json()).toEqual(refused);
  });

  it('leaves a password the user chose alone (the administrator given ADMIN_PASSWORD)', async () => {
    const login = await loginReply('admin', 'Admin@123');
    expect(login.json().errCode).toBe(0);
    expect(login.json()).not.toHaveProperty('mustChangePassword');
  });
});
