import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ADMIN_PASSWORD, type TestApp } from '../../../test/testApp.ts';
import { sealWithForge } from '../../../test/sealWithForge.ts';
import { MAX_VALUE_BYTES, sanitizeForLog, truncateUtf8 } from '../../plugins/audit.ts';
import { purgeOptLog } from './optlog/repo.ts';
import { addUser, lastLog, roleIdByCode } from './testHelpers.ts';

let t: TestApp;
let admin: string;
let publicKey: string;

beforeAll(async () => {
  t = await createTestApp();
  // A change whose handler logs nothing, and a read sent as a POST (as queryFormDataByConditions is).
  t.app.post('/api/test/doThing', async () => ({ errCode: 0 }));
  t.app.post('/api/test/queryThings', async () => ({ errCode: 0, datas: [] }));
  admin = await t.login();
  publicKey = (await t.app.inject({ url: '/apc/publicKey' })).json().publicKey;
});
afterAll(() => t.close());

const seal = (password: string) => sealWithForge(publicKey, password);

describe('what the log keeps', () => {
  it('removes secrets and cuts each value to 8 KB of UTF-8', () => {
    const out = sanitizeForLog({
      password: 'Secret@1',
      newPassword: 'x',
      ps1: 'y',
      password_hash: 'scrypt$…',
      nested: { token: 't', keep: 'ok' },
      long: '危'.repeat(5000),
    }) as Record<string, unknown>;
    expect(out.password).toBe('[已隐藏]');
    expect(out.newPassword).toBe('[已隐藏]');
    expect(out.ps1).toBe('[已隐藏]');
    expect(out.password_hash).toBe('[已隐藏]');
    expect(out.nested).toEqual({ token: '[已隐藏]', keep: 'ok' });
    expect(Buffer.byteLength(out.long as string)).toBeLessThanOrEqual(MAX_VALUE_BYTES);
    expect(out.long).toMatch(/^危+…\[已截断\]$/);
    expect(truncateUtf8('short')).toBe('short');
  });

  it('logs every mutating call with who, where, module, action, target and result', async () => {
    await t.call(admin, 'POST', '/api/user/addRole', { roleName: '审计角色', remark: 'x'.repeat(400) });
    const { rows } = await t.sql.query(
      `select user_id, username, ip, module, action, target_type, target_id, result, create_time from sys_operation_log
       where action = '新增角色' order by id desc limit 1`,
    );
    expect(rows[0]).toMatchObject({ user_id: '1', username: 'admin', module: '角色管理', target_type: 'sys_role', result: 0 });
    expect(rows[0].ip).toBeTruthy();
    expect(Date.now() - rows[0].create_time.getTime()).toBeLessThan(60_000);
  });

  it('logs a change its handler did not log, but not a read sent as a POST', async () => {
    expect((await t.call(admin, 'POST', '/api/test/doThing', { id: 7 })).statusCode).toBe(200);
    expect(await lastLog(t, 'POST /api/test/doThing')).toMatchObject({ module: '其他', result: 0, target_id: '7', username: 'admin' });
    expect((await t.call(admin, 'POST', '/api/test/queryThings', {})).statusCode).toBe(200);
    expect(await lastLog(t, 'POST /api/test/queryThings')).toBeUndefined();
  });

  it('is append-only: the database refuses updates, and no call edits or deletes it', async () => {
    await expect(t.sql.query(`update sys_operation_log set action = 'x'`)).rejects.toThrow(/append-only/);
    await expect(t.sql.query(`truncate sys_operation_log`)).rejects.toThrow(/append-only/);
    expect((await t.call(admin, 'POST', '/api/user/deleteOptLog', { id: 1 })).statusCode).toBe(404);
    expect((await t.call(admin, 'POST', '/api/user/updateOptLog', { id: 1 })).statusCode).toBe(404);
  });

  it('deletes by the retention policy only, rows older than the set number of days', async () => {
    await t.sql.query(
      `insert into sys_operation_log (username, module, action, create_time)
       select 'old', '其他', '旧操作', now() - interval '200 days' from generate_series(1, 25)`,
    );
    const before = (await t.sql.query(`select count(*)::int as n from sys_operation_log`)).rows[0].n;
    expect(await purgeOptLog(t.booted.ctx.db, 180)).toBe(25);
    expect((await t.sql.query(`select count(*)::int as n from sys_operation_log`)).rows[0].n).toBe(before - 25);
  });
});

describe('listOptLog', () => {
  beforeAll(async () => {
    await t.sql.query(
      `insert into sys_operation_log (user_id, username, module, action, result, err_msg, ip, create_time)
       select 1, case when g % 2 = 0 then 'alice' else 'bob' end,
              case when g % 3 = 0 then '用户管理' else '数据字典' end,
              '测试操作' || g, case when g % 5 = 0 then 1 else 0 end,
              case when g % 5 = 0 then '失败原因' end, '10.0.0.' || g,
              timestamptz '2026-03-01 08:00:00+08' + g * interval '1 hour'
       from generate_series(1, 60) g`,
    );
  });

  const list = async (query: string) => (await t.call(admin, 'GET', `/api/user/listOptLog?pageNum=1&pageSize=100&${query}`)).json();

  it('searches by user, module, result and time range, newest first', async () => {
    const alice = await list('username=alice');
    expect(alice.totalCount).toBe(30);
    expect(alice.datas[0].action).toBe('测试操作60');
    expect(alice.datas[0]).toMatchObject({ username: 'alice', module: '用户管理', result: 1, ip: '10.0.0.60' });
    expect((await list(`username=alice&module=${encodeURIComponent('用户管理')}`)).totalCount).toBe(10);
    const failed = await list('result=1&username=alice');
    expect(failed.totalCount).toBe(6);
    expect(failed.datas[0]).toMatchObject({ result: 1, errMsg: '失败原因' });
    // 2026-03-01 08:00 +08 plus 10..12 hours is 18:00..20:00 local (the server runs in UTC here,
    // so ask in the server's own clock).
    const from = new Date(Date.parse('2026-03-01T00:00:00Z') + 10 * 3_600_000);
    const to = new Date(Date.parse('2026-03-01T00:00:00Z') + 12 * 3_600_000);
    const fmt = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:00`;
    const range = await list(`username=bob&beginTime=${encodeURIComponent(fmt(from))}&endTime=${encodeURIComponent(fmt(to))}`);
    expect(range.datas.map((r: { action: string }) => r.action)).toEqual(['测试操作11']);
  });

  it('pages', async () => {
    const page2 = (await t.call(admin, 'GET', '/api/user/listOptLog?pageNum=2&pageSize=7&username=alice')).json();
    expect(page2.totalCount).toBe(30);
    expect(page2.datas.map((r: { action: string }) => r.action)).toEqual([46, 44, 42, 40, 38, 36, 34].map((n) => `测试操作${n}`));
  });

  it('stops counting at the cap over a large log, and estimates an unfiltered one', async () => {
    await t.sql.query(
      `insert into sys_operation_log (username, module, action, create_time)
       select 'bulk', '其他', '批量', now() - interval '1 day' from generate_series(1, 100001)`,
    );
    await t.sql.query('analyze sys_operation_log');
    const capped = (await t.call(admin, 'GET', '/api/user/listOptLog?pageSize=1&username=bulk')).json();
    expect(capped).toMatchObject({ totalCount: 100000, totalCountKind: 'capped' });
    const all = (await t.call(admin, 'GET', '/api/user/listOptLog?pageSize=1')).json();
    expect(all.totalCountKind).toBe('estimate');
    expect(all.totalCount).toBeGreaterThan(100000);
    const exact = (await t.call(admin, 'GET', '/api/user/listOptLog?pageSize=1&username=alice')).json();
    expect(exact).toMatchObject({ totalCount: 30, totalCountKind: 'exact' });
    await purgeOptLog(t.booted.ctx.db, 0);
  });

  it('refuses a bad time or an inverted range with 400', async () => {
    expect((await t.call(admin, 'GET', '/api/user/listOptLog?beginTime=yesterday')).statusCode).toBe(400);
    const inverted = await t.call(admin, 'GET', '/api/user/listOptLog?beginTime=2026-03-02&endTime=2026-03-01');
    expect(inverted.json().errMsg).toBe('开始时间不得大于结束时间');
  });

  it('is refused to a user without system:log, and the refusal is logged', async () => {
    const u = await addUser(t, admin, 'curious');
    const cookie = await t.login('curious', u.password);
    expect((await t.call(cookie, 'GET', '/api/user/listOptLog')).statusCode).toBe(403);
    const { rows } = await t.sql.query(`select action, module, result from sys_operation_log where username = 'curious' order by id desc limit 1`);
    expect(rows[0]).toEqual({ action: 'GET /api/user/listOptLog', module: '其他', result: 1 });
  });
});

describe('security settings', () => {
  it('are read and changed by an administrator, within limits, and apply at once', async () => {
    const read = (await t.call(admin, 'GET', '/api/user/getSecuritySettings')).json();
    expect(read.settings).toEqual({ sessionIdleMinutes: 120, loginFailuresPerMinute: 10, optLogRetentionDays: 180 });
    expect(read.defaults).toEqual(read.settings);
    const tooLow = await t.call(admin, 'POST', '/api/user/updateSecuritySettings', { ...read.settings, loginFailuresPerMinute: 1 });
    expect(tooLow.json().errMsg).toBe('每分钟登录失败次数上限须在 3 到 100 之间');
    const next = { sessionIdleMinutes: 30, loginFailuresPerMinute: 3, optLogRetentionDays: 90 };
    expect((await t.call(admin, 'POST', '/api/user/updateSecuritySettings', next)).statusCode).toBe(200);
    expect((await t.call(admin, 'GET', '/api/user/getSecuritySettings')).json().settings).toEqual(next);
    expect((await lastLog(t, '修改安全设置'))?.detail).toMatchObject({ before: read.settings, after: next });
    const stored = await t.sql.query(`select key, value from sys_setting order by key`);
    expect(stored.rows).toHaveLength(3);

    // The login limit is now 3 wrong passwords a minute.
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/apc/login', payload: { username: 'limited', password: seal(password) } });
    await addUser(t, admin, 'limited');
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await login(`Bad@pass${i}`)).statusCode);
    expect(codes).toEqual([400, 400, 400, 429]);

    // A session idle for longer than the new 30 minutes has ended.
    const cookie = await t.login();
    const token = cookie.split('=')[1]!;
    const hash = (await import('../auth/sessions.ts')).hashToken(token);
    await t.sql.query(`update sys_session set last_seen_at = now() - interval '31 minutes' where id = $1`, [hash]);
    t.booted.ctx.events.deliver({ kind: 'user', id: '*' });
    expect((await t.call(cookie, 'GET', '/api/user/getUser')).statusCode).toBe(401);
    await t.call(admin, 'POST', '/api/user/updateSecuritySettings', read.settings);
  });

  it('are reloaded by every instance from the database on the settings notice', async () => {
    await t.sql.query(`update sys_setting set value = '45' where key = 'sessionIdleMinutes'`);
    await t.sql.query(`select pg_notify('park_auth', '{"kind":"settings"}')`);
    await expect.poll(() => t.booted.ctx.settings.current.sessionIdleMinutes).toBe(45);
  });
});

describe('my password', () => {
  let user: { id: number; password: string };
  let cookie: string;

  beforeAll(async () => {
    user = await addUser(t, admin, 'selfservice', { roleIds: [await roleIdByCode(t, 'company_user')] });
    cookie = await t.login('selfservice', user.password);
  });

  it('checks the current password, sealed in transit', async () => {
    expect((await t.call(cookie, 'POST', '/api/user/checkCurrentPwd', { password: seal(user.password) })).json()).toEqual({ errCode: 0, valid: true });
    expect((await t.call(cookie, 'POST', '/api/user/checkCurrentPwd', { password: seal('Wrong@123') })).json()).toEqual({ errCode: 0, valid: false });
    // A plain password (not sealed) is refused.
    expect((await t.call(cookie, 'POST', '/api/user/checkCurrentPwd', { password: user.password })).statusCode).toBe(400);
  });

  it('refuses a wrong old password, a weak new one, or the same one', async () => {
    const change = (oldPassword: string, newPassword: string) =>
      t.call(cookie, 'POST', '/api/user/updateCurrentPwd', { oldPassword: seal(oldPassword), newPassword: seal(newPassword) });
    expect((await change('Wrong@123', 'Better@2026')).json().errMsg).toBe('原密码不正确');
    expect((await change(user.password, 'weakpass')).json().errMsg).toBe('密码至少6位，且必须包含数字、大写字母、小写字母和特殊字符');
    expect((await change(user.password, user.password)).json().errMsg).toBe('新密码不能与原密码相同');
    expect((await lastLog(t, '修改密码'))).toMatchObject({ result: 1, username: 'selfservice' });
  });

  it('changes it, ending the user\'s other sessions but not this one, and never logs it', async () => {
    const other = await t.login('selfservice', user.password);
    const res = await t.call(cookie, 'POST', '/api/user/updateCurrentPwd', {
      oldPassword: seal(user.password),
      newPassword: seal('Better@2026'),
    });
    expect(res.json()).toEqual({ errCode: 0 });
    expect((await t.call(cookie, 'GET', '/api/user/getUser')).statusCode).toBe(200);
    expect((await t.call(other, 'GET', '/api/user/getUser')).statusCode).toBe(401);
    expect(await t.login('selfservice', 'Better@2026')).toMatch(/^park_sid=/);
    const { rows } = await t.sql.query(`select detail::text as d, err_msg from sys_operation_log where username = 'selfservice'`);
    for (const r of rows) expect(`${r.d}${r.err_msg}`).not.toMatch(/Better@2026|Wrong@123/);
  });

  it('needs only a login', async () => {
    const res = await t.call(admin, 'POST', '/api/user/checkCurrentPwd', { password: seal(ADMIN_PASSWORD) });
    expect(res.json().valid).toBe(true);
  });
});
