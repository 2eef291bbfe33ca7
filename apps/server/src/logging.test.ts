import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test/testApp.ts';
import { buildApp } from './app.ts';

/*
 * Request logging (issue 26): at the default LOG_LEVEL info a person's ordinary use writes no line
 * per request; debug writes one per request; slow requests still warn.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function logsOf(level: string, slowRequestMs: number, run: (app: FastifyInstance, cookie: string) => Promise<void>) {
  const lines: Array<{ level: number; msg: string; url?: string; route?: string }> = [];
  const ctx = { ...t.booted.ctx, config: { ...t.booted.ctx.config, logLevel: level, slowRequestMs } };
  const app = await buildApp(ctx, { logDestination: { write: (line) => lines.push(JSON.parse(line)) } });
  const cookie = await t.login();
  try {
    await run(app, cookie);
  } finally {
    await app.close();
  }
  return lines;
}

const use = async (app: FastifyInstance, cookie: string) => {
  for (const url of ['/api/user/getUser', '/api/user/listRouter/1', '/api/msg/unreadmsgcountself', '/api/form/getCurrentDate']) {
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode, url).toBe(200);
  }
};

describe('request logging', () => {
  it('writes no line per request at info', async () => {
    const lines = await logsOf('info', 0, use);
    expect(lines.filter((l) => /request/.test(l.msg))).toEqual([]);
  });

  it('writes one line per request at debug, with method, path, status and time', async () => {
    const lines = await logsOf('debug', 0, use);
    const requests = lines.filter((l) => l.msg === 'request completed');
    expect(requests.map((l) => l.url)).toEqual(['/api/user/getUser', '/api/user/listRouter/1', '/api/msg/unreadmsgcountself', '/api/form/getCurrentDate']);
    expect(requests[0]).toMatchObject({ level: 20, method: 'GET', status: 200 });
  });

  it('keeps slow requests at warn', async () => {
    const lines = await logsOf('info', 0.001, async (app, cookie) => {
      await app.inject({ method: 'GET', url: '/api/form/getCurrentDate', headers: { cookie } });
    });
    // A threshold of a microsecond: every request counts as slow.
    expect(lines.filter((l) => l.msg === 'slow request')).toEqual([expect.objectContaining({ level: 40, route: '/api/form/getCurrentDate' })]);
  });
});
