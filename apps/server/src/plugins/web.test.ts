import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/testApp.ts';

let t: TestApp;
let dist: string;
const BIG = `export const rows = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ id: i, name: '危化品车辆' })))};`;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'park-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>封闭园区低代码平台</title>');
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // What apps/web/precompress.ts writes beside a built asset.
  await fs.writeFile(path.join(dist, 'assets', 'big-def456.js'), BIG);
  await fs.writeFile(path.join(dist, 'assets', 'big-def456.js.br'), zlib.brotliCompressSync(BIG));
  await fs.writeFile(path.join(dist, 'assets', 'big-def456.js.gz'), zlib.gzipSync(BIG));
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

describe('web assets', () => {
  it('serves index.html for client routes under the base path, never cached', async () => {
    for (const url of ['/closed-park-web/', '/closed-park-web/msg/MsgList', '/closed-park-web/login?redirect=x']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('封闭园区低代码平台');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets and sends a content security policy with pages', async () => {
    const asset = await t.app.inject({ url: '/closed-park-web/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const page = await t.app.inject({ url: '/closed-park-web/home' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the precompressed copy the browser accepts (brotli first, then gzip), the file itself otherwise', async () => {
    const url = '/closed-park-web/assets/big-def456.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG);
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG);
    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG);
    // No copy beside it: the file as it is.
    const small = await t.app.inject({ url: '/closed-park-web/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.body).toBe('console.log(1)');
  });

  it('redirects the site root to the app, and answers unknown non-app paths with a JSON 404', async () => {
    expect((await t.app.inject({ url: '/' })).headers.location).toBe('/closed-park-web/');
    const res = await t.app.inject({ url: '/elsewhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errCode: 404, errMsg: '请求的资源不存在' });
  });

  it('marks JSON calls nosniff and no-store', async () => {
    const res = await t.app.inject({ url: '/apc/publicKey' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBeUndefined();
  });
});
