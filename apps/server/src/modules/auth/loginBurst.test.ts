import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealWithForge } from '../../../test/sealWithForge.ts';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/testApp.ts';

/*
 * Issue 15 §2: the login limit under parallel guesses. The attempt is counted before the password
 * is checked, atomically in PostgreSQL, so a burst can never test more passwords than the limit.
 */

const LIMIT = 5;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ loginFailuresPerMinute: LIMIT });
  await t.sql.query(
    `insert into sys_user (username, password_hash, real_name) select 'burst_target', password_hash, '被猜用户' from sys_user where username = 'admin'`,
  );
});
afterAll(() => t.close());

async function loginFrom(ip: string, username: string, password: string) {
  const key = (await t.app.inject({ method: 'GET', url: '/apc/publicKey' })).json().publicKey as string;
  return t.app.inject({
    method: 'POST',
    url: '/apc/login',
    remoteAddress: ip,
    payload: { username, password: sealWithForge(key, password) },
  });
}

function tally(statuses: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

/** Ends the current window, as a minute passing would. */
const windowPasses = () => t.sql.query(`update auth_login_failure set window_start = now() - interval '61 seconds'`);

describe('parallel logins for one user', () => {
  for (const n of [60, 200]) {
    it(`${n} at once (all but one wrong) test at most the limit; the rest are 429`, async () => {
      await windowPasses();
      const ip = `10.0.${n}.1`;
      const sent = Array.from({ length: n }, (_, i) => (i === n - 1 ? ADMIN_PASSWORD : `Wrong@${i}xx`));
      const res = await Promise.all(sent.map((p) => loginFrom(ip, 'burst_target', p)));
      const counts = tally(res.map((r) => r.statusCode));
      // At most LIMIT passwords were checked (each a 400, or the right one a 200).
      expect((counts[400] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(LIMIT);
      expect(counts[429]).toBeGreaterThanOrEqual(n - LIMIT);
      for (const r of res.filter((x) => x.statusCode === 429)) expect(r.json().errMsg).toMatch(/过多|频繁|稍后/);
    });
  }

  it('locks neither the user nor the administrator out from other addresses, and the burst address only for one window', async () => {
    await windowPasses();
    const burst = '10.9.9.9';
    await Promise.all(Array.from({ length: 60 }, (_, i) => loginFrom(burst, 'burst_target', `Wrong@${i}xx`)));
    expect((await loginFrom(burst, 'burst_target', ADMIN_PASSWORD)).statusCode).toBe(429);
    // Elsewhere, both log in at once.
    expect((await loginFrom('10.8.8.8', 'burst_target', ADMIN_PASSWORD)).statusCode).toBe(200);
    expect((await loginFrom('10.8.8.9', 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
    // After the window the burst address may log in again.
    await windowPasses();
    expect((await loginFrom(burst, 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('gives a right password its attempt back, so logging in often never locks anyone out', async () => {
    await windowPasses();
    for (let i = 0; i < LIMIT * 3; i++) expect((await loginFrom('10.7.7.7', 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
  });
});

describe('the current-password check', () => {
  it('holds the same limit under parallel guesses', async () => {
    await windowPasses();
    const cookie = await t.login('burst_target', ADMIN_PASSWORD);
    const key = (await t.app.inject({ method: 'GET', url: '/apc/publicKey' })).json().publicKey as string;
    const res = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/checkCurrentPwd',
          remoteAddress: '10.6.6.6',
          headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
          payload: { password: sealWithForge(key, `Wrong@${i}xx`) },
        }),
      ),
    );
    const counts = tally(res.map((r) => r.statusCode));
    expect(counts[200] ?? 0).toBeLessThanOrEqual(LIMIT);
    expect(counts[429]).toBeGreaterThanOrEqual(60 - LIMIT);
  });
});
