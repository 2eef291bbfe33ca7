import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSlowRequestLog } from './slowRequests.ts';

describe('the slow request log', () => {
  it('logs a request slower than the threshold at warn level, with its route, status and time, and no other', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'warn', stream } });
    registerSlowRequestLog(app, 40);
    app.get('/slow/:id', async () => {
      await new Promise((r) => setTimeout(r, 80));
      return { ok: true };
    });
    app.get('/fast', async () => ({ ok: true }));
    await app.inject({ url: '/fast' });
    await app.inject({ url: '/slow/7?x=1' });
    await app.close();
    const slow = lines.filter((l) => l.msg === 'slow request');
    expect(slow).toHaveLength(1);
    expect(slow[0]).toMatchObject({ level: 40, method: 'GET', route: '/slow/:id', status: 200 });
    expect(slow[0]!.ms).toBeGreaterThanOrEqual(40);
  });
});
