import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';

/*
 * Issue 40: a sub-system signs a user in through the platform with a real OpenID Connect client
 * (openid-client), the authorisation code flow with PKCE, reads the claims, and signs out.
 */

let t: TestApp;
let admin: string;
let issuer: string;
let account: string;
let secret: string;
const REDIRECT = 'http://127.0.0.1:9/sub/callback';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A browser's cookie jar and redirect-following, just enough for the provider's pages. */
class Browser {
  cookies = new Map<string, string>();
  constructor(platformCookie?: string) {
    if (platformCookie) this.setPlatform(platformCookie);
  }
  setPlatform(cookie: string) {
    const [name, value] = cookie.split('=');
    this.cookies.set(name!, value!);
  }
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
  /** Follows redirects on the platform; stops at the first one that leaves it (the sub-system's callback) or at a page. */
  async follow(url: string): Promise<{ url: string; res: Response }> {
    let current = url;
    for (let i = 0; i < 10; i++) {
      if (!current.startsWith(new URL(issuer).origin)) return { url: current, res: new Response(null) };
      const res = await this.fetch(current);
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { url: current, res };
      current = new URL(location, current).href;
    }
    throw new Error('too many redirects');
  }
}

const discover = (id: string, key: string) => client.discovery(new URL(issuer), id, key, undefined, { execute: [client.allowInsecureRequests] });

async function authorise(config: client.Configuration, extra: Record<string, string> = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope: 'openid profile park',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...extra,
  });
  return { url: url.href, verifier, state };
}

beforeAll(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}/closed-park-web/oidc`;
  t = await createTestApp({ oidcIssuer: issuer });
  await t.app.listen({ port, host: '127.0.0.1' });
  admin = await t.login();
  const add = await t.call(admin, 'POST', '/api/user/addSys', {
    sysName: '应急系统',
    sysUrl: 'http://127.0.0.1:9/sub/',
    status: 0,
    sysIndex: 1,
    sso: 0,
    syn: 0,
    redirectUris: `${REDIRECT}\n`,
    logoutUris: 'http://127.0.0.1:9/sub/bye',
  });
  expect(add.json()).toMatchObject({ errCode: 0 });
  const agent = (await t.call(admin, 'POST', '/api/user/updateAgent', { id: add.json().id })).json();
  account = agent.agentAccount;
  secret = agent.agentSecret;
  // The park's admin belongs to an organisation, so the claims have one to show.
  await t.sql.query(`insert into sys_user_org (user_id, org_id) select u.id, o.id from sys_user u, sys_org o where u.username = 'admin' and o.parent_id is null limit 1 on conflict do nothing`);
});
afterAll(() => t?.close());

describe('single sign-on (OpenID Connect)', () => {
  it('publishes discovery with the code flow and S256 only', async () => {
    const config = await discover(account, secret);
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(issuer);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.response_types_supported).toEqual(['code']);
  });

  it('sends a signed-out user to the platform login page and back, then hands the sub-system the claims', async () => {
    const config = await discover(account, secret);
    const { url, verifier, state } = await authorise(config);
    const browser = new Browser();
    const first = await browser.follow(url);
    const login = new URL(first.url);
    expect(login.pathname).toBe('/closed-park-web/login');
    const back = login.searchParams.get('redirect')!;
    expect(back).toMatch(/^\/closed-park-web\/oidc\/interaction\/[\w-]+$/);

    // Signed in on the platform (the login page sets park_sid), the browser returns to the interaction.
    browser.setPlatform(admin);
    const done = await browser.follow(new URL(back, issuer).href);
    expect(done.url.startsWith(`${REDIRECT}?`)).toBe(true);

    const tokens = await client.authorizationCodeGrant(config, new URL(done.url), { pkceCodeVerifier: verifier, expectedState: state });
    const claims = tokens.claims()!;
    const adminId = (await t.sql.query(`select id from sys_user where username = 'admin'`)).rows[0].id;
    expect(claims.sub).toBe(String(adminId));
    const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(info).toMatchObject({ sub: String(adminId), preferred_username: 'admin', tenant: null });
    expect(Array.isArray(info.organisations) && info.organisations.length).toBeGreaterThan(0);
    expect(info.roles).toEqual(expect.arrayContaining([expect.objectContaining({ name: expect.any(String) })]));
    expect(JSON.stringify(info)).not.toMatch(/password/i);
  });

  it('does not ask a signed-in user again', async () => {
    const config = await discover(account, secret);
    const { url } = await authorise(config);
    const done = await new Browser(admin).follow(url);
    expect(done.url.startsWith(`${REDIRECT}?`)).toBe(true);
    expect(new URL(done.url).searchParams.get('code')).toBeTruthy();
  });

  it('refuses a redirect URI that is not an exact match, and a request without PKCE', async () => {
    const config = await discover(account, secret);
    const near = await authorise(config, { redirect_uri: `${REDIRECT}/` });
    const refused = await new Browser(admin).follow(near.url);
    expect(refused.res.status).toBe(400);
    expect(await refused.res.text()).toContain('单点登录失败');

    const bare = new URL(client.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: 'openid', state: 's' }));
    const noPkce = await new Browser(admin).follow(bare.href);
    expect(new URL(noPkce.url).searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses an unknown client and the old secret once it is rotated', async () => {
    const unknown = await discover('0'.repeat(32), secret);
    const bad = await new Browser(admin).follow((await authorise(unknown)).url);
    expect(bad.res.status).toBe(400);

    const config = await discover(account, secret);
    const { url, verifier, state } = await authorise(config);
    const done = await new Browser(admin).follow(url);
    const id = (await t.sql.query(`select id from sys_module where agent_account = $1`, [account])).rows[0].id;
    const rotated = (await t.call(admin, 'POST', '/api/user/updateAgent', { id: Number(id) })).json();
    expect(rotated.agentAccount).toBe(account);
    expect(rotated.agentSecret).not.toBe(secret);
    await expect(client.authorizationCodeGrant(config, new URL(done.url), { pkceCodeVerifier: verifier, expectedState: state })).rejects.toMatchObject({ error: 'invalid_client' });
    secret = rotated.agentSecret;
  });

  it('a sub-system logout ends the platform session', async () => {
    const own = await t.login();
    const config = await discover(account, secret);
    const { url, verifier, state } = await authorise(config);
    const browser = new Browser(own);
    const done = await browser.follow(url);
    const tokens = await client.authorizationCodeGrant(config, new URL(done.url), { pkceCodeVerifier: verifier, expectedState: state });
    const end = client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: 'http://127.0.0.1:9/sub/bye' });
    const confirm = await browser.fetch(end.href);
    const html = await confirm.text();
    expect(html).toContain('确认退出');
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const fields = new URLSearchParams([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m): [string, string] => [m[1]!, m[2]!]));
    fields.set('logout', 'yes');
    const out = await browser.fetch(new URL(action, issuer).href, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: fields.toString() });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('http://127.0.0.1:9/sub/bye');
    expect((await t.call(own, 'GET', '/api/user/getUser')).statusCode).toBe(401);
    // And the provider's session alone does not sign the user in again.
    const again = await browser.follow((await authorise(config)).url);
    expect(new URL(again.url).pathname).toBe('/closed-park-web/login');
  });
});
