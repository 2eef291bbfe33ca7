import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QR_ACCESS_TEXT } from '@park/core';
import { createTestApp, ADMIN_PASSWORD, type TestApp } from '../../../test/testApp.ts';
import { multipart } from '../../../test/multipart.ts';
import * as sample from '../../../test/sampleFiles.ts';

/*
 * 免登录填报 with a photo (issue 39): the upload is bound to the entry's token and a live challenge,
 * content-checked as modules/file checks, size-capped and limited per address; the add that answers
 * the challenge may carry only its own uploads; the stored file is readable only by who may read
 * the record. Real server, real PostgreSQL.
 */

let t: TestApp;
let admin: string;
let formId: number;
let token: string;
let otherToken: string;
let ip = 0;
const nextIp = () => `10.88.0.${++ip}`;

const upload = (tok: string, challengeId: string, data: Buffer, filename: string, addr: string, query = '') => {
  const { payload, contentType } = multipart([{ name: 'file', filename, data }]);
  return t.app.inject({ method: 'POST', url: `/apc/qr/upload/${tok}?challengeId=${challengeId}${query}`, remoteAddress: addr, headers: { 'content-type': contentType }, payload });
};

async function challenge(tok: string, addr: string) {
  const r = await t.app.inject({ method: 'POST', url: `/apc/qr/challenge/${tok}`, remoteAddress: addr });
  expect(r.statusCode, r.body).toBe(200);
  const { challengeId, question } = r.json().data as { challengeId: string; question: string };
  const [a, b] = question.match(/\d+/g)!.map(Number) as [number, number];
  return { challengeId, challengeAnswer: String(a + b) };
}

const add = (tok: string, body: Record<string, unknown>, addr: string) => t.app.inject({ method: 'POST', url: `/apc/qr/add/${tok}`, remoteAddress: addr, payload: body });

beforeAll(async () => {
  t = await createTestApp({ qrAnonymousPerMinute: 3 });
  admin = await t.login();
  formId = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '访客通行证' })).json().formId;
  const meta = {
    list: [
      { type: 'input', key: 'k_visitor', model: 'visitor', name: '访客', options: {}, rules: [] },
      { type: 'image_upload', key: 'k_photo', model: 'photo', name: '证件照片', options: { maxFileSize: 5, length: 3 }, rules: [] },
    ],
    config: {},
  };
  expect((await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: meta })).json().errCode).toBe(0);
  const conf = {
    formId,
    add: [
      { name: '访客登记', isShow: true, anonymous: true, content: { parent: [], childs: [] } },
      { name: '内部登记', isShow: true, content: { parent: [], childs: [] } },
    ],
    query: [],
    edit: [],
  };
  expect((await t.call(admin, 'POST', '/api/form/saveQrCodeConf', conf)).json().errCode).toBe(0);
  const codes = (await t.call(admin, 'GET', `/api/form/qrCodeEntries/${formId}`)).json().data as { name: string; token: string }[];
  token = codes.find((c) => c.name === '访客登记')!.token;
  otherToken = codes.find((c) => c.name === '内部登记')!.token;
});
afterAll(() => t?.close());

describe('免登录填报 uploads', () => {
  it('a photo sent with a live challenge is stored and carried by the add answering it', async () => {
    const addr = nextIp();
    const c = await challenge(token, addr);
    const up = await upload(token, c.challengeId, sample.png(), '通行证.png', addr, '&accept=image');
    expect(up.statusCode, up.body).toBe(200);
    const fileId = up.json().datas[0].fileId as number;
    const saved = await add(token, { visitor: '张三', photo: String(fileId), ...c }, addr);
    expect(saved.statusCode, saved.body).toBe(200);
    const row = (await t.sql.query(`select photo from form_${formId} where id = $1`, [saved.json().businessId])).rows[0];
    expect(row.photo).toBe(String(fileId));
    const file = (await t.sql.query(`select f.company_id, u.username from sys_file f join sys_user u on u.id = f.uploader_id where f.id = $1`, [fileId])).rows[0];
    expect(file).toEqual({ company_id: null, username: 'qr_anonymous' });
    // Read by who may read the record (the park's admin), not by an account that may not.
    expect((await t.call(admin, 'GET', `/api/file/image/${fileId}`)).statusCode).toBe(200);
    const company = (await t.sql.query(`select id from sys_company where company_name = '示例化工有限公司'`)).rows[0].id;
    await t.sql.query(`insert into sys_user (username, password_hash, real_name, user_type, company_id) select 'qr_up_corp', password_hash, '企业用户', 1, $1 from sys_user where username = 'admin'`, [company]);
    const corp = await t.login('qr_up_corp', ADMIN_PASSWORD);
    expect((await t.call(corp, 'GET', `/api/file/image/${fileId}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/file/image/${fileId}` })).statusCode).toBe(401);
  });

  it('refuses without a live challenge of this entry, and on an entry that is not anonymous', async () => {
    const addr = nextIp();
    expect((await upload(token, '0'.repeat(32), sample.png(), 'a.png', addr)).json().errMsg).toBe(QR_ACCESS_TEXT.challengeRequired);
    expect((await upload(token, 'not-an-id', sample.png(), 'a.png', addr)).json().errMsg).toBe(QR_ACCESS_TEXT.challengeRequired);
    const c = await challenge(token, addr);
    expect((await upload(otherToken, c.challengeId, sample.png(), 'a.png', addr)).statusCode).toBe(403);
    expect((await t.sql.query(`select count(*)::int as n from qr_upload`)).rows[0].n).toBe(1);
  });

  it('checks the content as modules/file does (HTML named .png is refused) and caps the size', async () => {
    const addr = nextIp();
    const c = await challenge(token, addr);
    const disguised = await upload(token, c.challengeId, Buffer.from('<html><script>alert(1)</script></html>'), 'photo.png', addr, '&accept=image');
    expect(disguised.statusCode).toBe(415);
    const big = await upload(token, c.challengeId, Buffer.concat([sample.png(), Buffer.alloc(2 * 1024 * 1024)]), 'big.png', nextIp(), '&maxFileSize=1');
    expect(big.statusCode).toBe(413);
    expect(big.json().errMsg).toContain('文件大小超过限制');
    expect((await t.sql.query(`select count(*)::int as n from qr_upload`)).rows[0].n).toBe(1);
  });

  it('an add may not carry another submission’s upload, nor a file uploaded by a user', async () => {
    const a = nextIp();
    const first = await challenge(token, a);
    const theirs = (await upload(token, first.challengeId, sample.png(), 'x.png', a)).json().datas[0].fileId;
    const b = nextIp();
    const second = await challenge(token, b);
    const r = await add(token, { visitor: '李四', photo: String(theirs), ...second }, b);
    expect([r.statusCode, r.json().errMsg]).toEqual([400, QR_ACCESS_TEXT.foreignFile]);
    const body = multipart([{ name: 'file', filename: '内部文件.png', data: sample.png() }]);
    const mine = await t.app.inject({ method: 'POST', url: '/api/file/upload', headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest', 'content-type': body.contentType }, payload: body.payload });
    const adminFile = mine.json().datas[0].fileId;
    const third = await challenge(token, b);
    expect((await add(token, { visitor: '王五', photo: String(adminFile), ...third }, b)).json().errMsg).toBe(QR_ACCESS_TEXT.foreignFile);
    expect((await t.sql.query(`select count(*)::int as n from form_${formId} where visitor in ('李四', '王五')`)).rows[0].n).toBe(0);
  });

  it('is limited per address (429)', async () => {
    const addr = nextIp();
    const c = await challenge(token, addr);
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await upload(token, c.challengeId, sample.png(), `${i}.png`, addr)).statusCode);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(10);
  });
});
