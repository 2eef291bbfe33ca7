import net from 'node:net';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/testApp.ts';
import { buildApp } from '../app.ts';
import { startJobs, stopJobs } from '../jobs/boss.ts';
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
const throughProxy = (url: string) => {
  const u = new URL(url);
  u.port = String(proxy.port);
  return u.toString();
};

beforeAll(async () => {
  const target = new URL(inject('pgAdminUrl'));
  proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port) });
  await proxy.open();
  t = await createTestApp({}, throughProxy);
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

interface Line {
  level: number;
  msg: string;
  who?: string;
  stack?: unknown;
  err?: unknown;
}

/** Polls `fn` every 200 ms until it holds, for at most 15 s. */
async function eventually(fn: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 75; i++) {
    if (await fn()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('still not so after 15 s');
}

describe('an outage in the log (issue 35 §3)', () => {
  it('answers 503 to every call with one warn line per outage; the job queue and automations log it once and resume quietly; /readyz is 503 until it is back', async () => {
    const httpLines: Line[] = [];
    const jobLines: Line[] = [];
    const app: FastifyInstance = await buildApp(t.booted.ctx, { logDestination: { write: (l) => httpLines.push(JSON.parse(l)) } });
    const jobLog = pino({ level: 'info' }, { write: (l: string) => jobLines.push(JSON.parse(l)) });
    // The real job queue and automation engine, through the proxy too.
    const boss: PgBoss = await startJobs(throughProxy(t.databaseUrl), t.booted.ctx, jobLog);
    const call = (url: string) => app.inject({ method: 'GET', url, headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest' } });
    try {
      expect((await call('/readyz')).statusCode).toBe(200);
      const before = { http: httpLines.length, jobs: jobLines.length };
      await proxy.cut();
      const urls = ['/api/user/listRole', '/api/form/formconf/query?pageNum=1&pageSize=10', '/api/flow/self/todotaskcount', '/api/msg/unreadmsgcountself', '/readyz'];
      for (let round = 0; round < 6; round++) {
        for (const url of urls) {
          const res = await call(url);
          expect([url, res.statusCode]).toEqual([url, 503]);
          if (url !== '/readyz') expect(res.json()).toEqual({ errCode: 503, errMsg: DATABASE_UNAVAILABLE });
        }
      }
      // The engine polls every second and pg-boss on its own timers: a few of their rounds fail too.
      await new Promise((r) => setTimeout(r, 3500));

      const during = { http: httpLines.slice(before.http), jobs: jobLines.slice(before.jobs) };
      const warnsOrWorse = (lines: Line[]) => lines.filter((l) => l.level >= 40);
      // 30 refused calls: one line, a warning, without a stack.
      expect(warnsOrWorse(during.http).map((l) => [l.level, l.msg, l.who])).toEqual([[40, 'database unavailable', 'http']]);
      expect(during.http.some((l) => l.stack !== undefined || (typeof l.err === 'object' && l.err !== null))).toBe(false);
      // The job queue and the automation engine: at most one line each for the outage, nothing per poll or execution.
      const jobsWarned = warnsOrWorse(during.jobs).map((l) => `${l.who ?? ''}:${l.msg}`);
      expect(jobsWarned.filter((m) => m.startsWith('automation:'))).toEqual(['automation:数据库不可用，自动化暂停']);
      expect(jobsWarned.filter((m) => !m.startsWith('automation:')).every((m) => m === 'jobs:database unavailable')).toBe(true);
      expect(jobsWarned.filter((m) => m === 'jobs:database unavailable').length).toBeLessThanOrEqual(1);

      await proxy.open();
      await eventually(async () => (await call('/readyz')).statusCode === 200);
      expect((await call('/api/user/listRole')).statusCode).toBe(200);
      // Back: each says so once, at info.
      await eventually(async () => jobLines.some((l) => l.msg === '数据库已恢复，自动化继续'));
      const after = { http: httpLines.slice(before.http), jobs: jobLines.slice(before.jobs) };
      expect(after.http.filter((l) => l.msg === 'database reachable again')).toHaveLength(1);
      expect(after.jobs.filter((l) => l.msg === '数据库已恢复，自动化继续')).toHaveLength(1);
      // From the cut to the end: nothing else at warn or above, from any of them.
      expect(warnsOrWorse(after.http)).toHaveLength(1);
      const jobWarns = warnsOrWorse(after.jobs).map((l) => `${l.who ?? ''}:${l.msg}`);
      expect(jobWarns.filter((m) => m.startsWith('automation:'))).toEqual(['automation:数据库不可用，自动化暂停']);
      expect(jobWarns.filter((m) => !m.startsWith('automation:'))).toEqual(jobWarns.includes('jobs:database unavailable') ? ['jobs:database unavailable'] : []);
    } finally {
      await proxy.open();
      await stopJobs(boss);
      await app.close();
    }
  });
});
