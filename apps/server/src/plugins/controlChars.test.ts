import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/testApp.ts';
import { CONTROL_CHAR_TEXT, hasControlChars, routesOf } from './controlChars.ts';

/*
 * Issue 15 §4: a NUL (or any other C0 control character) anywhere in a request is a 400 with a
 * Chinese message, on every route — taken from the app's own route list, not a hand-picked few —
 * where it used to reach PostgreSQL as a 500 with a stack trace in the log.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');

describe('control characters in requests', () => {
  it('are refused with 400 on every /api and /apc route: in the query, the body and the path', async () => {
    const routes = routesOf(t.app).filter((r) => /^\/(api|apc)\//.test(r.url) && !r.url.includes('*'));
    expect(routes.length).toBeGreaterThan(100);
    const answered: string[] = [];
    for (const r of routes) {
      const url = concrete(r.url);
      const method = r.method as 'GET' | 'POST';
      const inQuery = await t.app.inject({
        method,
        url: `${url}?wd=%00&formId=1`,
        headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest' },
        ...(method === 'GET' ? {} : { payload: { ok: 'text' } }),
      });
      expect([r.method, r.url, inQuery.statusCode, inQuery.json().errMsg]).toEqual([r.method, r.url, 400, CONTROL_CHAR_TEXT]);
      if (method !== 'GET') {
        const inBody = await t.call(admin, method, url, { username: 'admin\u0000', nested: [{ name: 'a\u0000b' }] });
        expect([r.method, r.url, inBody.statusCode, inBody.json().errMsg]).toEqual([r.method, r.url, 400, CONTROL_CHAR_TEXT]);
      }
      if (r.url.includes(':')) {
        const inPath = await t.app.inject({
          method,
          url: r.url.replace(/:[A-Za-z_]+/g, '1%00'),
          headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest' },
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        expect([r.method, r.url, inPath.statusCode]).toEqual([r.method, r.url, 400]);
      }
      answered.push(`${r.method} ${r.url}`);
    }
    // The calls named in the issue are among them.
    for (const named of ['POST /apc/login', 'POST /api/form/addformdata/:formId', 'POST /api/form/queryFormDataByConditions', 'POST /api/user/addRole']) {
      expect(answered).toContain(named);
    }
  });

  it('are refused before a session is needed: the login user name', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/apc/login', payload: { username: 'admin\u0000', password: 'x' } });
    expect([res.statusCode, res.json().errMsg]).toEqual([400, CONTROL_CHAR_TEXT]);
  });

  it('keeps tabs and line breaks, which are text', () => {
    expect(hasControlChars({ note: '第一行\r\n第二行\t缩进' })).toBe(false);
    for (const c of ['\u0000', '\u0001', '\u001b', '\u007f', '\u000b']) expect(hasControlChars([{ a: `x${c}` }])).toBe(true);
    expect(hasControlChars({ [`k\u0000`]: 1 })).toBe(true);
  });
});
