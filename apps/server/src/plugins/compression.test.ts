import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/testApp.ts';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});
afterAll(() => t.close());

const ask = (url: string, encoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      cookie,
      'x-requested-with': 'XMLHttpRequest',
      ...(encoding ? { 'accept-encoding': encoding } : {}),
    },
  });

describe('compressed JSON answers', () => {
  it('sends a large answer in brotli to a caller that accepts it, gzip to one that accepts only gzip, the same JSON inside', async () => {
    const plain = await ask('/api/user/listRouter/1');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await ask('/api/user/listRouter/1', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await ask('/api/user/listRouter/1', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small answer as it is, and keeps the API headers on a compressed one', async () => {
    const small = await ask('/api/flow/queryWatiDoneTaskCount', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ errCode: 0 });
    const big = await ask('/api/user/listRouter/1', 'br');
    expect(big.headers['cache-control']).toBe('no-store');
    expect(big.headers['x-content-type-options']).toBe('nosniff');
  });

  it('does not inflate a compressed request body: it is refused, not expanded', async () => {
    const body = zlib.gzipSync(JSON.stringify({ formId: 1, pageNum: 1, pageSize: 10 }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/form/queryformdata',
      headers: {
        cookie,
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errCode: 400, errMsg: '请求体不是有效的JSON' });
  });
});
