import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/testApp.ts';
import { DATABASE_UNAVAILABLE } from '../plugins/errors.ts';

/*
 * Issue 15 §3: while PostgreSQL cannot be reached, calls answer 503 with a Chinese message (no 500,
 * no stack per call), and the server recovers by itself when the database is back. The app reaches
 * PostgreSQL through a TCP proxy this test cuts and restores.
 */

class CuttableProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    if (this.server) return;
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** The database "goes away": every connection drops and new ones are refused. */
  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}

let t: TestApp;
let proxy: CuttableProxy;
let admin: string;

beforeAll(async () => {
  const target = new URL(inject('pgAdminUrl'));
  proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port) });
  await proxy.open();
  t = await createTestApp({}, (url) => {
    const u = new URL(url);
    u.port = String(proxy.port);
    return u.toString();
  });
  admin = await t.login();
});
afterAll(async () => {
  await proxy.open();
  await t.close();
});

describe('the database unreachable', () => {
  it('answers 503 with a Chinese message, and recovers by itself when it returns', async () => {
    expect((await t.call(admin, 'GET', '/api/user/listRole')).statusCode).toBe(200);
    await proxy.cut();
    for (const url of ['/api/user/listRole', '/api/user/getUser', '/api/form/formconf/query?pageNum=1&pageSize=10']) {
      const res = await t.call(admin, 'GET', url);
      expect([url, res.statusCode, res.json().errMsg]).toEqual([url, 503, DATABASE_UNAVAILABLE]);
    }
    // Long enough for the session-event listener's first reconnect attempt to fail too.
    await new Promise((r) => setTimeout(r, 2500));
    await proxy.open();
    // The pool and the event listener reconnect on their own.
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await t.call(admin, 'GET', '/api/user/listRole')).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
    expect((await t.call(admin, 'GET', '/api/user/getUser')).statusCode).toBe(200);
    // LISTEN is back, so other instances' session and permission changes reach this one again.
    let listening = 0;
    for (let i = 0; i < 50 && listening === 0; i++) {
      listening = Number(
        (await t.sql.query(`select count(*) n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`)).rows[0].n,
      );
      if (listening === 0) await new Promise((r) => setTimeout(r, 200));
    }
    expect(listening).toBeGreaterThan(0);
  });
});
