import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../../test/testApp.ts';
import { addUser, passwordChanged } from '../testHelpers.ts';
import { runCommand } from '../../../../test/serverProcess.ts';

/** Runs `npm run admin -- …` as an operator would, against this file's database. */
const runAdmin = (databaseUrl: string, args: string[]) => runCommand('admin', args, { DATABASE_URL: databaseUrl });

async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describe('npm run admin -- reset-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('prints a new password once, ends the sessions on a running server, and logs it', async () => {
    const adminCookie = await t.login();
    const other = await t.login();
    expect((await t.call(adminCookie, 'GET', '/api/user/getUser')).statusCode).toBe(200);

    const run = await runAdmin(t.databaseUrl, ['reset-password', 'admin']);
    expect(run.code, run.out).toBe(0);
    const password = /新密码（仅显示这一次，请登录后立即修改）: (\S+)/.exec(run.out)?.[1];
    expect(password).toBeDefined();
    expect(run.out).toContain('已结束该用户的 2 个会话');
    expect(run.out).not.toContain(ADMIN_PASSWORD);

    // The running server hears the change (NOTIFY) and refuses the old sessions.
    for (const cookie of [adminCookie, other]) {
      expect(await eventually(async () => (await t.call(cookie, 'GET', '/api/user/getUser')).statusCode === 401)).toBe(true);
    }
    await expect(t.login('admin', ADMIN_PASSWORD)).rejects.toThrow(/login failed: 400|login failed: 401|login failed/);
    const fresh = await t.login('admin', password!);
    // A generated password: changed before anything else (issue 42).
    expect((await t.call(fresh, 'GET', '/api/user/getUser')).json()).toMatchObject({ errCode: 403, errorcode: 'change password' });
    await passwordChanged(t, (await t.sql.query(`select id from sys_user where username = 'admin'`)).rows[0].id);
    expect((await t.call(fresh, 'GET', '/api/user/getUser')).statusCode).toBe(200);

    const { rows } = await t.sql.query(
      `select username, module, action, target_type, target_id from sys_operation_log where action like '重置密码%' order by id desc limit 1`,
    );
    expect(rows[0]).toMatchObject({ module: '用户管理', action: '重置密码（服务器命令行）', target_type: 'sys_user' });
    expect(rows[0].username).toMatch(/^服务器命令行 \S+@\S+$/);
    const admin = await t.sql.query(`select id from sys_user where username = 'admin'`);
    expect(rows[0].target_id).toBe(String(admin.rows[0].id));
    // The stored hash is never the printed text.
    const stored = await t.sql.query(`select password_hash from sys_user where username = 'admin'`);
    expect(stored.rows[0].password_hash).not.toContain(password);
  }, 120_000);

  it('a disabled account stays disabled unless --enable is given', async () => {
    const admin = await t.login('admin', (await resetAdmin()).password);
    await passwordChanged(t, (await t.sql.query(`select id from sys_user where username = 'admin'`)).rows[0].id);
    const user = await addUser(t, admin, 'locked_out_user');
    await t.sql.query(`update sys_user set status = 1 where id = $1`, [user.id]);

    const plain = await runAdmin(t.databaseUrl, ['reset-password', 'locked_out_user']);
    expect(plain.code, plain.out).toBe(0);
    expect(plain.out).toContain('该账号处于停用状态');
    const enabled = await runAdmin(t.databaseUrl, ['reset-password', 'locked_out_user', '--enable']);
    expect(enabled.code, enabled.out).toBe(0);
    expect(enabled.out).toContain('已重新启用');
    const password = /新密码（仅显示这一次，请登录后立即修改）: (\S+)/.exec(enabled.out)![1]!;
    const cookie = await t.login('locked_out_user', password);
    expect((await t.call(cookie, 'GET', '/api/user/getUser')).json()).toMatchObject({ errorcode: 'change password' });
  }, 120_000);

  it('an unknown user or a missing name is refused with a clear message and no change', async () => {
    const unknown = await runAdmin(t.databaseUrl, ['reset-password', 'nobody_here']);
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain('用户 nobody_here 不存在');
    const missing = await runAdmin(t.databaseUrl, ['reset-password']);
    expect(missing.code).toBe(2);
    expect(missing.out).toContain('缺少用户名');
    const bad = await runAdmin(t.databaseUrl, ['no-such-command']);
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('未知命令');
  }, 120_000);

  async function resetAdmin() {
    const run = await runAdmin(t.databaseUrl, ['reset-password', 'admin']);
    return { password: /新密码（仅显示这一次，请登录后立即修改）: (\S+)/.exec(run.out)![1]! };
  }
});
