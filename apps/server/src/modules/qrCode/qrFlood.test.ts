import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';

/*
 * Issue 39's safety requirement, sent for real: 1,000 anonymous submissions from one address
 * within a minute are mostly refused (429), and none reach another form — not through a token
 * re-signed for it, nor a body naming it. Default limits (QR_ANONYMOUS_PER_MINUTE 5), real
 * PostgreSQL, rows counted in both forms' tables.
 */

let t: TestApp;
let admin: string;
const forms: Record<'a' | 'b', { id: number; token: string }> = { a: { id: 0, token: '' }, b: { id: 0, token: '' } };
const IP = '10.77.0.1';

async function anonymousForm(name: string): Promise<{ id: number; token: string }> {
  const id = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName: name })).json().formId as number;
  const meta = { list: [{ type: 'input', key: 'k_visitor', model: 'visitor', name: '访客', options: {}, rules: [] }], config: {} };
  expect((await t.call(admin, 'POST', '/api/form/saveformdesign', { formId: id, formMeta: meta })).json().errCode).toBe(0);
  const conf = { formId: id, add: [{ name: '访客登记', isShow: true, anonymous: true, content: { parent: [], childs: [] } }], query: [], edit: [] };
  expect((await t.call(admin, 'POST', '/api/form/saveQrCodeConf', conf)).json().errCode).toBe(0);
  const token = ((await t.call(admin, 'GET', `/api/form/qrCodeEntries/${id}`)).json().data as { token: string }[])[0]!.token;
  return { id, token };
}

const rows = async (formId: number) => (await t.sql.query(`select count(*)::int as n from form_${formId}`)).rows[0].n as number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  forms.a = await anonymousForm('门岗访客登记');
  forms.b = await anonymousForm('承包商签到');
});
afterAll(() => t?.close());

it('1,000 anonymous submissions from one address in a minute: mostly 429, at most the limit written, nothing in another form', { timeout: 120_000 }, async () => {
  const { a, b } = forms;
  const challenges: Array<{ challengeId: string; challengeAnswer: string }> = [];
  for (let i = 0; i < 5; i++) {
    const c = (await t.app.inject({ method: 'POST', url: `/apc/qr/challenge/${a.token}`, remoteAddress: IP })).json().data as { challengeId: string; question: string };
    const [x, y] = c.question.match(/\d+/g)!.map(Number) as [number, number];
    challenges.push({ challengeId: c.challengeId, challengeAnswer: String(x + y) });
  }
  // Form A's entry id under form B's number: the signature no longer matches (ADR 0050).
  const [, tokenId, signature] = a.token.split('.');
  const reSigned = `${b.id}.${tokenId}.${signature}`;
  const started = Date.now();
  const statuses = new Map<number, number>();
  const send = (i: number) => {
    const c = challenges[i % challenges.length]!;
    const url = i % 10 === 9 ? `/apc/qr/add/${reSigned}` : `/apc/qr/add/${a.token}`;
    // Some bodies name the other form as well: the token alone decides the form.
    const payload = { visitor: `访客${i}`, ...c, ...(i % 7 === 0 ? { formId: String(b.id) } : {}) };
    return t.app.inject({ method: 'POST', url, remoteAddress: IP, payload }).then((r) => statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1));
  };
  for (let i = 0; i < 1000; i += 50) await Promise.all(Array.from({ length: 50 }, (_, k) => send(i + k)));
  const elapsed = Date.now() - started;

  const total = [...statuses.values()].reduce((x, y) => x + y, 0);
  expect(total).toBe(1000);
  expect(elapsed).toBeLessThan(60_000);
  const ok = statuses.get(200) ?? 0;
  expect(statuses.get(429) ?? 0).toBeGreaterThanOrEqual(990);
  expect(ok).toBeLessThanOrEqual(5);
  expect(await rows(a.id)).toBe(ok);
  expect(await rows(b.id)).toBe(0);
  // Every record written came through form A's entry, from that address.
  const sources = (await t.sql.query(`select form_id::int as form_id, client_ip, count(*)::int as n from qr_record_source group by 1, 2`)).rows;
  expect(sources).toEqual(ok > 0 ? [{ form_id: a.id, client_ip: IP, n: ok }] : []);
  console.log(`1,000 anonymous submissions in ${elapsed} ms: ${JSON.stringify(Object.fromEntries(statuses))}; rows written ${ok} in form A, 0 in form B`);

  // Another address still gets through (the limit is per address).
  const c = (await t.app.inject({ method: 'POST', url: `/apc/qr/challenge/${a.token}`, remoteAddress: '10.77.0.2' })).json().data as { challengeId: string; question: string };
  const [x, y] = c.question.match(/\d+/g)!.map(Number) as [number, number];
  const other = await t.app.inject({ method: 'POST', url: `/apc/qr/add/${a.token}`, remoteAddress: '10.77.0.2', payload: { visitor: '另一地址', challengeId: c.challengeId, challengeAnswer: String(x + y) } });
  expect(other.statusCode, other.body).toBe(200);
});
