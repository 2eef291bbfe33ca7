import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ADMIN_PASSWORD, type TestApp } from '../../../test/testApp.ts';
import { sealWithForge } from '../../../test/sealWithForge.ts';

let t: TestApp;
let publicKey: string;

beforeAll(async () => {
  t = await createTestApp();
  t.app.get('/api/test/boom', async () => {
    throw new Error('relation "secret_table" does not exist: SELECT * FROM secret_table');
  });
  publicKey = (await t.app.inject({ url: '/apc/publicKey' })).json().publicKey;
});
afterAll(() => t.close());

const login = (username: string, password: string, opts?: { t?: number; n?: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/apc/login',
    payload: { username, password: sealWithForge(publicKey, password, opts) },
  });

describe('public key', () => {
  it('is a 2048-bit RSA SPKI PEM kept in DATA_DIR', () => {
    expect(publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const key = crypto.createPublicKey(publicKey);
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
  });
});

describe('login', () => {
  it('accepts the right password and sets an httpOnly, SameSite=Lax session cookie', async () => {
    const res = await login('admin', ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ errCode: 0, user: { username: 'admin', realName: '系统管理员' } });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/park_sid=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it('finds the account whatever the case of its name (company accounts are upper-case codes)', async () => {
    const res = await login(' ADMIN ', ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ errCode: 0, user: { username: 'admin' } });
  });

  it('gives one generic message for a wrong password, an unknown user and a broken ciphertext', async () => {
    const wrong = await login('admin', 'Wrong@123');
    const unknown = await login('nobody', ADMIN_PASSWORD);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/apc/login',
      payload: { username: 'admin', password: Buffer.from('garbage').toString('base64') },
    });
    for (const res of [wrong, unknown, broken]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errCode: 1, errMsg: '用户名或密码错误' });
    }
  });

  it('refuses a ciphertext that is replayed', async () => {
    const sealed = sealWithForge(publicKey, ADMIN_PASSWORD);
    const first = await t.app.inject({ method: 'POST', url: '/apc/login', payload: { username: 'admin', password: sealed } });
    const again = await t.app.inject({ method: 'POST', url: '/apc/login', payload: { username: 'admin', password: sealed } });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(400);
    expect(again.json().errMsg).toBe('用户名或密码错误');
  });

  it('refuses an envelope older than five minutes, or from the future', async () => {
    const stale = await login('admin', ADMIN_PASSWORD, { t: Date.now() - 5 * 60_000 - 1000 });
    const future = await login('admin', ADMIN_PASSWORD, { t: Date.now() + 10 * 60_000 });
    expect(stale.statusCode).toBe(400);
    expect(future.statusCode).toBe(400);
  });

  it('answers 429 with a Chinese message at the eleventh wrong password within a minute', async () => {
    await t.sql.query(
      `insert into sys_user (username, password_hash, real_name) select 'victim', password_hash, '测试' from sys_user where username = 'admin'`,
    );
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await login('victim', `Bad@pass${i}`)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
    const blocked = await login('victim', ADMIN_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errMsg).toBe('登录尝试过于频繁，请1分钟后再试');
    // Another user from the same address is not locked out by someone else's failures.
    expect((await login('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a disabled user even with the right password', async () => {
    await t.sql.query(
      `insert into sys_user (username, password_hash, real_name, status) select 'gone', password_hash, '停用', 1 from sys_user where username = 'admin'`,
    );
    const res = await login('gone', ADMIN_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().errMsg).toBe('该账号已被禁用，请联系管理员');
  });

  it('validates the body and never echoes the password into the reply', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/apc/login', payload: { username: 'admin' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errCode).toBe(400);
  });
});

describe('sessions', () => {
  it('answers an /api call without a session with 401 no login and a redirect back to the page', async () => {
    const res = await t.app.inject({
      url: '/api/user/getUser',
      headers: { host: 'park.local', referer: 'http://park.local/closed-park-web/msg/MsgList?x=1' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      errorcode: 'no login',
      redirect: `/closed-park-web/login?redirect=${encodeURIComponent('/closed-park-web/msg/MsgList?x=1')}`,
    });
  });

  it('ignores a referer from another site', async () => {
    const res = await t.app.inject({
      url: '/api/user/getUser',
      headers: { host: 'park.local', referer: 'http://evil.example/closed-park-web/x' },
    });
    expect(res.json().redirect).toBe('/closed-park-web/login?redirect=%2Fclosed-park-web%2F');
  });

  it('ends the session on logout and answers with the login address as text', async () => {
    const cookie = await t.login();
    expect((await t.call(cookie, 'GET', '/api/user/getUser')).statusCode).toBe(200);
    const out = await t.call(cookie, 'GET', '/apc/logout');
    expect(out.statusCode).toBe(200);
    expect(out.body).toBe('/closed-park-web/login');
    expect((await t.call(cookie, 'GET', '/api/user/getUser')).statusCode).toBe(401);
    const rows = await t.sql.query('select count(*)::int n from sys_session where id = $1', [
      crypto.createHash('sha256').update(cookie.split('=')[1]!).digest('hex'),
    ]);
    expect(rows.rows[0].n).toBe(0);
  });

  it('stores only a hash of the token in PostgreSQL', async () => {
    const cookie = await t.login();
    const token = cookie.split('=')[1]!;
    const raw = await t.sql.query('select count(*)::int n from sys_session where id = $1', [token]);
    expect(raw.rows[0].n).toBe(0);
  });

  it('drops a live session at once when its user is disabled (NOTIFY reaches the cache)', async () => {
    await t.sql.query(
      `insert into sys_user (username, password_hash, real_name) select 'worker', password_hash, '职员' from sys_user where username = 'admin'`,
    );
    const cookie = await t.login('worker');
    expect((await t.call(cookie, 'GET', '/api/user/getUser')).statusCode).toBe(200);
    await t.sql.query(`update sys_user set status = 1 where username = 'worker'`);
    const id = (await t.sql.query(`select id from sys_user where username = 'worker'`)).rows[0].id;
    await t.sql.query(`select pg_notify('park_auth', $1)`, [JSON.stringify({ kind: 'user', id: String(id) })]);
    await expect.poll(async () => (await t.call(cookie, 'GET', '/api/user/getUser')).statusCode).toBe(401);
  });

  it('refuses a state-changing call without X-Requested-With', async () => {
    const cookie = await t.login();
    const res = await t.app.inject({ method: 'GET', url: '/api/msg/updateMsgReaded?ids=1', headers: { cookie } });
    expect(res.statusCode).toBe(403);
  });
});

describe('idle expiry', () => {
  it('expires a session that has been idle past SESSION_IDLE_MINUTES', async () => {
    const short = await createTestApp({ sessionIdleMinutes: 0 });
    try {
      const cookie = await short.login();
      expect((await short.call(cookie, 'GET', '/api/user/getUser')).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('errors', () => {
  it('never puts a stack or SQL into a reply', async () => {
    const cookie = await t.login();
    const res = await t.call(cookie, 'GET', '/api/test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errCode: 500, errMsg: '服务器内部错误，请稍后重试或联系管理员' });
    expect(res.body).not.toMatch(/secret_table|at |\.ts:/);
  });

  it('answers malformed JSON with a Chinese 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/apc/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errCode: 400, errMsg: '请求体不是有效的JSON' });
  });

  it('writes an operation-log row for logins, without the password', async () => {
    const rows = await t.sql.query(`select action, username, detail from sys_operation_log where action like '登录%'`);
    expect(rows.rowCount).toBeGreaterThan(0);
    expect(JSON.stringify(rows.rows)).not.toContain(ADMIN_PASSWORD);
  });
});
