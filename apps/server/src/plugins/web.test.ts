import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createTestApp, type TestApp } from '../../test/testApp.ts';
import { inlineScriptSources } from './web.ts';

let t: TestApp;
let dist: string;
let mobileDist: string;
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
  // The mobile client's build (apps/mobile, issue 37).
  mobileDist = await fs.mkdtemp(path.join(os.tmpdir(), 'park-mobile-dist-'));
  await fs.mkdir(path.join(mobileDist, 'assets'));
  await fs.writeFile(path.join(mobileDist, 'index.html'), '<!doctype html><title>移动工作台</title>');
  await fs.writeFile(path.join(mobileDist, 'assets', 'm-abc123.js'), 'console.log(2)');
  t = await createTestApp({ webDist: dist, mobileDist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
  await fs.rm(mobileDist, { recursive: true, force: true });
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

describe('the mobile client under /closed-park-web/m/', () => {
  it('serves its own index.html for its routes, never cached, with the same strict policy', async () => {
    for (const url of ['/closed-park-web/m', '/closed-park-web/m/', '/closed-park-web/m/tasks', '/closed-park-web/m/form/12/record/3', '/closed-park-web/m/login?redirect=%2Ftasks']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('移动工作台');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('serves its assets from its own build, cached, and leaves the desktop\'s routes to the desktop', async () => {
    const asset = await t.app.inject({ url: '/closed-park-web/m/assets/m-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(2)');
    expect(asset.headers['cache-control']).toContain('immutable');
    // A desktop route that merely starts with "m" is the desktop's.
    const desk = await t.app.inject({ url: '/closed-park-web/msg/MsgList' });
    expect(desk.body).toContain('封闭园区低代码平台');
    const missing = await t.app.inject({ url: '/closed-park-web/m/assets/none.js' });
    expect(missing.body).not.toContain('封闭园区低代码平台');
  });
});

describe("the builds' inline scripts in the Content-Security-Policy", () => {
  it('allows exactly the inline scripts of each index.html by their SHA-256, never a script with src', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'park-inline-'));
    try {
      const boot = '(()=>{window.__parkEarlyCalls=new Map})();';
      await fs.writeFile(path.join(dir, 'index.html'), `<head><script>${boot}</script><script type="module" crossorigin src="/x.js"></script></head>`);
      const hash = `'sha256-${createHash('sha256').update(boot).digest('base64')}'`;
      expect(inlineScriptSources([dir, null, path.join(dir, 'missing')])).toEqual([hash]);
      // The same build named twice (one policy for both apps) gives the source once.
      expect(inlineScriptSources([dir, dir])).toEqual([hash]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
