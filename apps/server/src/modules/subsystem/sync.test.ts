import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { SYNC_HEADERS, SYNC_TEXT, syncSigningText } from '@park/core';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { deliverWebhook, dispatchWebhooks, purgeSyncArtefacts } from './index.ts';

/*
 * Issue 40 (ADR 0047): the signed pull GET /apc/sync/{entity}, its refusals, webhooks with their
 * delivery log, the purge, and a sub-system (openid-client) that signs a user in and then pulls.
 */

let t: TestApp;
let admin: string;
let issuer: string;
let sysId: number;
let account: string;
let secret: string;
let tenantA: string;
let tenantB: string;
const REDIRECT = 'http://127.0.0.1:9/sub/callback';

/** What the sub-system receives on its webhook. */
const received: { headers: http.IncomingHttpHeaders; body: string; path: string }[] = [];
let hookStatus = 200;
let hook: http.Server;
let hookPort: number;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const hex = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const sign = (key: string, method: string, path: string, time: string, body = '') =>
  crypto.createHmac('sha256', key).update(syncSigningText(method, path, time, hex(body))).digest('hex');

/** A signed pull as a sub-system makes it (its own HMAC, not the server's helper). */
function pull(path: string, opts: { key?: string; time?: number; account?: string; signature?: string } = {}) {
  const time = String(opts.time ?? Date.now());
  const headers = {
    [SYNC_HEADERS.account]: opts.account ?? account,
    [SYNC_HEADERS.time]: time,
    [SYNC_HEADERS.signature]: opts.signature ?? sign(opts.key ?? secret, 'GET', path, time),
  };
  return t.app.inject({ method: 'GET', url: path, headers });
}

const grant = (interIds: string, tenantIds?: string) =>
  t.call(admin, 'GET', `/api/user/addSysRelInter?sysId=${sysId}&interIds=${interIds}${tenantIds ? `&tenantIds=${tenantIds}` : ''}`);
const interId = async (code: string) => (await t.sql.query(`select id from sync_interface where inter_code = $1`, [code])).rows[0].id as string;

beforeAll(async () => {
  hook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body, path: req.url! });
      res.statusCode = hookStatus;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookPort = (hook.address() as net.AddressInfo).port;

  const port = await freePort();
  issuer = `http://127.0.0.1:${port}/closed-park-web/oidc`;
  const base = loadConfig({ DATA_DIR: '/tmp', WEB_DIST: 'none' });
  // The webhook receiver is on loopback: listed by address, as an administrator would.
  t = await createTestApp({ oidcIssuer: issuer, report: { ...base.report, allowedHosts: ['127.0.0.1'] } });
  await t.app.listen({ port, host: '127.0.0.1' });
  admin = await t.login();
  const add = await t.call(admin, 'POST', '/api/user/addSys', {
    sysName: '同步测试系统',
    sysUrl: 'http://127.0.0.1:9/sub/',
    status: 0,
    sysIndex: 1,
    sso: 0,
    syn: 0,
    redirectUris: REDIRECT,
    webhookUrl: `http://127.0.0.1:${hookPort}/hook?from=park`,
  });
  expect(add.json()).toMatchObject({ errCode: 0 });
  sysId = add.json().id;
  const agent = (await t.call(admin, 'POST', '/api/user/updateAgent', { id: sysId })).json();
  account = agent.agentAccount;
  secret = agent.agentSecret;
  tenantA = (await t.sql.query(`insert into sys_company (company_name) values ('同步甲公司') returning id`)).rows[0].id;
  tenantB = (await t.sql.query(`insert into sys_company (company_name) values ('同步乙公司') returning id`)).rows[0].id;
  // organisations for every tenant; users for tenant A only.
  expect((await grant(`${await interId('organisations')},`)).json()).toMatchObject({ errCode: 0 });
  await t.sql.query(
    `insert into sys_rel_inter (sys_id, inter_id, company_id) select $1, id, $2 from sync_interface where inter_code = 'users'`,
    [sysId, tenantA],
  );
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => hook.close(resolve));
});

describe('signed pull: refusals', () => {
  it('refuses a call without the signature headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apc/sync/organisations' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errMsg: SYNC_TEXT.unsigned });
  });

  it('refuses a wrong signature, an unknown account and a stale time', async () => {
    const bad = await pull('/apc/sync/organisations', { key: 'x'.repeat(32) });
    expect([bad.statusCode, bad.json().errMsg]).toEqual([401, SYNC_TEXT.badSignature]);
    const unknown = await pull('/apc/sync/organisations', { account: '0'.repeat(32) });
    expect([unknown.statusCode, unknown.json().errMsg]).toEqual([401, SYNC_TEXT.unknownAccount]);
    const old = await pull('/apc/sync/organisations', { time: Date.now() - 6 * 60_000 });
    expect([old.statusCode, old.json().errMsg]).toEqual([401, SYNC_TEXT.stale]);
    const future = await pull('/apc/sync/organisations', { time: Date.now() + 6 * 60_000 });
    expect(future.statusCode).toBe(401);
  });

  it('refuses a replayed signature', async () => {
    const time = String(Date.now());
    const signature = sign(secret, 'GET', '/apc/sync/organisations?limit=1', time);
    const first = await pull('/apc/sync/organisations?limit=1', { time: Number(time), signature });
    expect(first.statusCode).toBe(200);
    const again = await pull('/apc/sync/organisations?limit=1', { time: Number(time), signature });
    expect([again.statusCode, again.json().errMsg]).toEqual([401, SYNC_TEXT.replay]);
  });

  it('signs the query too: a changed cursor breaks the signature', async () => {
    const time = String(Date.now());
    const signature = sign(secret, 'GET', '/apc/sync/organisations?cursor=0', time);
    const res = await pull('/apc/sync/organisations?cursor=5', { time: Number(time), signature });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an interface not granted and a tenant outside the grant', async () => {
    const roles = await pull('/apc/sync/roles');
    expect([roles.statusCode, roles.json().errMsg]).toEqual([403, SYNC_TEXT.notGranted]);
    const other = await pull(`/apc/sync/users?tenantId=${tenantB}`);
    expect([other.statusCode, other.json().errMsg]).toEqual([403, SYNC_TEXT.tenantNotGranted]);
    const own = await pull(`/apc/sync/users?tenantId=${tenantA}`);
    expect(own.statusCode).toBe(200);
    const unknown = await pull('/apc/sync/passwords');
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a sub-system that no longer syncs', async () => {
    await t.sql.query(`update sys_module set syn = 1 where id = $1`, [sysId]);
    const res = await pull('/apc/sync/organisations');
    expect([res.statusCode, res.json().errMsg]).toEqual([401, SYNC_TEXT.unknownAccount]);
    await t.sql.query(`update sys_module set syn = 0 where id = $1`, [sysId]);
  });
});

describe('signed pull: pages of changes', () => {
  it('pages organisation changes from a cursor, each organisation once with its current state', async () => {
    const start = (await pull('/apc/sync/organisations?limit=500')).json();
    let cursor = start.nextCursor as string;
    while ((await pull(`/apc/sync/organisations?cursor=${cursor}&limit=500`)).json().hasMore) cursor = (await pull(`/apc/sync/organisations?cursor=${cursor}&limit=500`)).json().nextCursor;
    const last = (await pull(`/apc/sync/organisations?cursor=${cursor}&limit=500`)).json();
    cursor = last.nextCursor;
    const a = (await t.sql.query(`insert into sys_org (org_name, company_id) values ('同步甲车间', $1) returning id`, [tenantA])).rows[0].id;
    const b = (await t.sql.query(`insert into sys_org (org_name) values ('同步园区科') returning id`)).rows[0].id;
    await t.sql.query(`update sys_org set org_name = '同步甲一车间' where id = $1`, [a]);
    const c = (await t.sql.query(`insert into sys_org (org_name, company_id) values ('同步乙车间', $1) returning id`, [tenantB])).rows[0].id;
    await t.sql.query(`delete from sys_org where id = $1`, [c]);

    const page1 = await pull(`/apc/sync/organisations?cursor=${cursor}&limit=2`);
    expect(page1.statusCode).toBe(200);
    const p1 = page1.json();
    expect(p1.hasMore).toBe(true);
    expect(p1.list.map((i: { id: number }) => i.id)).toEqual([Number(a), Number(b)]);
    expect(p1.list[0]).toMatchObject({ op: 'upsert', tenantId: Number(tenantA), data: { id: Number(a), orgName: '同步甲一车间', tenantId: Number(tenantA) } });
    const p2 = (await pull(`/apc/sync/organisations?cursor=${p1.nextCursor}&limit=2`)).json();
    // The update of a and the insert of c; a shows its current state again.
    expect(p2.list.map((i: { id: number; op: string }) => [i.id, i.op])).toEqual([
      [Number(a), 'upsert'],
      [Number(c), 'delete'],
    ]);
    const p3 = (await pull(`/apc/sync/organisations?cursor=${p2.nextCursor}&limit=2`)).json();
    expect(p3).toMatchObject({ hasMore: false, list: [{ id: Number(c), op: 'delete' }] });
    const p4 = (await pull(`/apc/sync/organisations?cursor=${p3.nextCursor}`)).json();
    expect(p4).toEqual({ errCode: 0, list: [], nextCursor: p3.nextCursor, hasMore: false });
  });

  it('hands out users of the granted tenant only, with their organisations and roles, never a password', async () => {
    const u = (await t.sql.query(`insert into sys_user (username, password_hash, real_name, company_id) values ('sync_a_user', 'secret-hash', '同步甲用户', $1) returning id`, [tenantA])).rows[0].id;
    await t.sql.query(`insert into sys_user (username, password_hash, real_name, company_id) values ('sync_b_user', 'secret-hash', '同步乙用户', $1)`, [tenantB]);
    const res = await pull('/apc/sync/users?limit=500');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const names = body.list.map((i: { data?: { username: string } }) => i.data?.username);
    expect(names).toContain('sync_a_user');
    expect(names).not.toContain('sync_b_user');
    expect(body.list.find((i: { id: number }) => i.id === Number(u)).data).toMatchObject({ realName: '同步甲用户', orgIds: [], roleIds: [] });
    expect(res.body).not.toMatch(/password|secret-hash|agent/i);
  });

  it('refuses the old secret once it is rotated', async () => {
    const rotated = (await t.call(admin, 'POST', '/api/user/updateAgent', { id: sysId })).json();
    expect(rotated.agentAccount).toBe(account);
    const old = await pull('/apc/sync/organisations');
    expect([old.statusCode, old.json().errMsg]).toEqual([401, SYNC_TEXT.badSignature]);
    secret = rotated.agentSecret;
    expect((await pull('/apc/sync/organisations')).statusCode).toBe(200);
  });
});

describe('webhooks and their delivery log', () => {
  const sent: string[] = [];
  const dispatch = () => dispatchWebhooks(t.booted.ctx.db, async (id) => void sent.push(id));
  const deliver = (id: string) => deliverWebhook(t.booted.ctx.db, t.booted.ctx.reports.secrets, t.booted.ctx.reports.policy, id);

  it('starts at the newest change, then announces granted changes with a signed POST', async () => {
    expect(await dispatch()).toEqual([]); // the cursor starts now: history is not pushed
    await t.sql.query(`insert into sys_org (org_name) values ('推送科')`);
    await t.sql.query(`insert into sys_role (role_name) values ('推送角色')`); // roles are not granted
    const made = await dispatch();
    expect(made).toHaveLength(1);
    expect(await deliver(made[0]!)).toBe('sent');
    const got = received.at(-1)!;
    expect(got.path).toBe('/hook?from=park');
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({ account, entities: ['organisations'], count: 1 });
    const time = got.headers[SYNC_HEADERS.time] as string;
    expect(got.headers[SYNC_HEADERS.signature]).toBe(sign(secret, 'POST', '/hook?from=park', time, got.body));
    const log = (await t.call(admin, 'GET', `/api/user/listSysPush?sysId=${sysId}`)).json();
    expect(log).toMatchObject({ errCode: 0, totalCount: 1, datas: [{ status: 1, statusName: '成功', changeCount: 1, attempts: 1, httpStatus: 200, entities: ['organisations'] }] });
    expect(await dispatch()).toEqual([]); // nothing new
  });

  it('records a failed push and throws so pg-boss retries it', async () => {
    hookStatus = 500;
    await t.sql.query(`insert into sys_org (org_name) values ('推送失败科')`);
    const [id] = await dispatch();
    await expect(deliver(id!)).rejects.toThrow();
    hookStatus = 200;
    let row = (await t.sql.query(`select status, attempts, http_status, last_error from sync_delivery where id = $1`, [id])).rows[0];
    expect(row).toMatchObject({ status: 2, attempts: 1, http_status: 500, last_error: '推送失败：HTTP 500' });
    expect(await deliver(id!)).toBe('sent'); // the retry
    row = (await t.sql.query(`select status, attempts from sync_delivery where id = $1`, [id])).rows[0];
    expect(row).toMatchObject({ status: 1, attempts: 2 });
  });

  it('refuses a webhook address outside the allow-list (metadata address) without retrying', async () => {
    await t.sql.query(`update sys_module set webhook_url = 'http://169.254.169.254/latest' where id = $1`, [sysId]);
    await t.sql.query(`insert into sys_org (org_name) values ('推送拒绝科')`);
    const [id] = await dispatch();
    expect(await deliver(id!)).toBe('refused');
    const row = (await t.sql.query(`select status, last_error from sync_delivery where id = $1`, [id])).rows[0];
    expect(row.status).toBe(2);
    expect(row.last_error).toContain('不在管理员允许');
    await t.sql.query(`update sys_module set webhook_url = $2 where id = $1`, [sysId, `http://127.0.0.1:${hookPort}/hook?from=park`]);
  });

  it('needs the system:sys permission to read the log', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/user/listSysPush?sysId=${sysId}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('purge', () => {
  it('drops nonces past the window and expired OIDC artefacts', async () => {
    await t.sql.query(`insert into sync_nonce (sys_id, signature, seen_at) values ($1, 'old', now() - interval '1 hour'), ($1, 'new', now())`, [sysId]);
    await t.sql.query(`insert into oidc_payload (model, id, payload, expires_at) values ('Session', 'gone', '{}', now() - interval '1 minute'), ('Session', 'live', '{}', now() + interval '1 hour')`);
    const purged = await purgeSyncArtefacts(t.booted.ctx.db);
    expect(purged.nonces).toBeGreaterThanOrEqual(1);
    expect(purged.oidc).toBeGreaterThanOrEqual(1);
    const nonces = (await t.sql.query(`select signature from sync_nonce where sys_id = $1 and signature in ('old', 'new')`, [sysId])).rows;
    expect(nonces.map((r) => r.signature)).toEqual(['new']);
    expect((await t.sql.query(`select id from oidc_payload where id in ('gone', 'live')`)).rows.map((r) => r.id)).toEqual(['live']);
  });
});

describe('a sub-system end to end', () => {
  it('signs a user in through the platform (openid-client), reads the claims, and pulls the organisation changes since its cursor', async () => {
    // The sub-system's own cursor, stored after its last pull.
    let cursor = '0';
    for (;;) {
      const page = (await pull(`/apc/sync/organisations?cursor=${cursor}&limit=500`)).json();
      cursor = page.nextCursor;
      if (!page.hasMore) break;
    }

    const config = await client.discovery(new URL(issuer), account, secret, undefined, { execute: [client.allowInsecureRequests] });
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid profile park',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    // The user's browser, already signed in on the platform, follows the provider's redirects.
    const jar = new Map<string, string>([admin.split('=') as [string, string]]);
    let current = url.href;
    for (let i = 0; i < 10 && current.startsWith(new URL(issuer).origin); i++) {
      const res = await fetch(current, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      const location = res.headers.get('location');
      expect(location).toBeTruthy();
      current = new URL(location!, current).href;
    }
    expect(current.startsWith(`${REDIRECT}?`)).toBe(true);
    const tokens = await client.authorizationCodeGrant(config, new URL(current), { pkceCodeVerifier: verifier, expectedState: state });
    const info = await client.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
    expect(info).toMatchObject({ preferred_username: 'admin' });

    // Meanwhile the park reorganised: the sub-system pulls exactly those changes.
    const made = (await t.sql.query(`insert into sys_org (org_name) values ('新设应急科') returning id`)).rows[0].id;
    const changes = (await pull(`/apc/sync/organisations?cursor=${cursor}`)).json();
    expect(changes.list).toEqual([expect.objectContaining({ id: Number(made), op: 'upsert', data: expect.objectContaining({ orgName: '新设应急科' }) })]);
  });
});
