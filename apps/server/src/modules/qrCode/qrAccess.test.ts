import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousCreatorLabel, QR_ACCESS_TEXT, QR_TEXT } from '@park/core';
import { createTestApp, ADMIN_PASSWORD, type TestApp } from '../../../test/testApp.ts';
import { grantForm } from '../../../test/formGrants.ts';

/*
 * Scanning a code (issue 39, ADR 0055): 新增 with presets forced, 查看/编辑 bound to one record with
 * the entry's field permissions enforced on the write, and 免登录填报 through a challenge and a
 * per-address limit. Real server, real PostgreSQL.
 */

let t: TestApp;
let admin: string;
let formId: number;

const entry = (name: string, extra: Record<string, unknown> = {}) => ({ name, isShow: true, content: { parent: [], childs: [] }, ...extra });
const control = (model: string, label: string, rules: unknown[] = []) => ({ type: 'input', key: `k_${model}`, model, name: label, options: {}, rules });

async function codes(): Promise<Record<string, string>> {
  const list = (await t.call(admin, 'GET', `/api/form/qrCodeEntries/${formId}`)).json().data as { name: string; token: string }[];
  return Object.fromEntries(list.map((c) => [c.name, c.token]));
}

async function saveConf(recordId: number): Promise<void> {
  const preset = { name: '巡检点', key: 'point', preset: true, readOnly: true, value: '${p}' };
  const conf = {
    formId,
    add: [entry('新增', { isDefault: true }), entry('访客登记', { anonymous: true, content: { parent: [preset], childs: [] } })],
    query: [entry('查看灭火器', { recordId, content: { parent: [{ name: '巡检点', key: 'point', readOnly: true }, { name: '结果', key: 'result', readOnly: true }], childs: [] } })],
    edit: [entry('编辑灭火器', { recordId, content: { parent: [{ name: '巡检点', key: 'point', auth: 'read' }, { name: '结果', key: 'result', auth: 'edit' }], childs: [] } })],
  };
  const r = await t.call(admin, 'POST', '/api/form/saveQrCodeConf', conf);
  expect(r.json().errCode, r.body).toBe(0);
}

const anon = (method: 'GET' | 'POST', url: string, body?: unknown, ip = '10.9.0.1') =>
  t.app.inject({ method, url, remoteAddress: ip, ...(body === undefined ? {} : { payload: body as object }) });

async function challenge(token: string, ip?: string): Promise<{ challengeId: string; answer: string }> {
  const r = await anon('POST', `/apc/qr/challenge/${token}`, undefined, ip);
  expect(r.statusCode, r.body).toBe(200);
  const { challengeId, question } = r.json().data as { challengeId: string; question: string };
  const [a, b] = question.match(/\d+/g)!.map(Number) as [number, number];
  return { challengeId, answer: String(a + b) };
}

let recordId: number;

beforeAll(async () => {
  t = await createTestApp({ qrAnonymousPerMinute: 3 });
  admin = await t.login();
  formId = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '灭火器巡检' })).json().formId;
  const meta = { list: [control('point', '巡检点'), control('result', '结果', [{ required: true, message: '结果不能为空' }]), control('secret', '内部备注')], config: {} };
  expect((await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: meta })).json().errCode).toBe(0);
  recordId = (await t.call(admin, 'POST', `/api/form/addformdata/${formId}`, { point: 'F-01', result: '正常', secret: '机密' })).json().businessId;
  await saveConf(recordId);
});
afterAll(() => t?.close());

describe('查看/编辑 bound to a record', () => {
  it('查看 answers the record with only the entry’s visible fields', async () => {
    const r = (await t.call(admin, 'GET', `/api/qr/record/${(await codes())['查看灭火器']}`)).json();
    expect(r.data).toMatchObject({ id: recordId, point: 'F-01', result: '正常' });
    expect(r.data.secret).toBeUndefined();
    expect(r.formData.secret).toBeUndefined();
    expect(r.editable).toEqual([]);
  });

  it('编辑 writes the editable field and ignores the others; 查看 cannot write', async () => {
    const token = (await codes())['编辑灭火器']!;
    const read = (await t.call(admin, 'GET', `/api/qr/record/${token}`)).json();
    expect(read.editable).toEqual(['result']);
    const r = await t.call(admin, 'POST', `/api/qr/update/${token}`, { point: '篡改', secret: '篡改', result: '压力不足', version: read.data.version });
    expect(r.json().errCode, r.body).toBe(0);
    const row = (await t.sql.query(`select point, result, secret from form_${formId} where id = $1`, [recordId])).rows[0];
    expect(row).toEqual({ point: 'F-01', result: '压力不足', secret: '机密' });
    expect((await t.call(admin, 'POST', `/api/qr/update/${token}`, { result: '' })).json().errMsg).toContain('结果不能为空');
    expect((await t.call(admin, 'POST', `/api/qr/update/${(await codes())['查看灭火器']}`, { result: 'x' })).statusCode).toBe(404);
  });

  it('another tenant’s record is refused; a caller without the form’s rights is refused', async () => {
    const company = (await t.sql.query(`select id from sys_company where company_name = '示例化工有限公司'`)).rows[0].id;
    const made = await t.sql.query(
      `insert into sys_user (username, password_hash, real_name, user_type, company_id) select 'qr_corp', password_hash, '企业用户', 1, $1 from sys_user where username = 'admin' returning id`,
      [company],
    );
    await grantForm(t, made.rows[0].id, formId, ['view', 'edit']);
    const corp = await t.login('qr_corp', ADMIN_PASSWORD);
    const token = (await codes())['编辑灭火器']!;
    expect((await t.call(corp, 'GET', `/api/qr/record/${token}`)).statusCode).toBe(404); // the park's record, not this company's
    expect((await t.call(corp, 'POST', `/api/qr/update/${token}`, { result: '越权' })).statusCode).toBe(404);
    await t.sql.query(`update form_${formId} set company_id = $2 where id = $1`, [recordId, company]);
    expect((await t.call(corp, 'GET', `/api/qr/record/${token}`)).statusCode).toBe(200);
    await t.sql.query(`update form_${formId} set company_id = null where id = $1`, [recordId]);

    await t.sql.query(`insert into sys_user (username, password_hash, real_name) select 'qr_none', password_hash, '无权' from sys_user where username = 'admin'`);
    const none = await t.login('qr_none');
    expect((await t.call(none, 'GET', `/api/qr/record/${token}`)).statusCode).toBe(403);
    expect((await t.call('', 'GET', `/api/qr/record/${token}`)).statusCode).toBe(401);
  });
});

describe('免登录填报', () => {
  it('a non-anonymous entry opens nothing without login', async () => {
    const token = (await codes())['新增']!;
    const form = await anon('GET', `/apc/qr/form/${token}`);
    expect([form.statusCode, form.json().errMsg]).toEqual([403, QR_ACCESS_TEXT.anonymousOnly]);
    expect((await anon('POST', `/apc/qr/challenge/${token}`)).statusCode).toBe(403);
    expect((await anon('POST', `/apc/qr/add/${token}`, { result: '正常' })).statusCode).toBe(403);
    expect((await t.sql.query(`select count(*)::int as n from form_${formId}`)).rows[0].n).toBe(1);
    expect((await anon('POST', `/api/qr/add/${token}`, { result: '正常' })).statusCode).toBe(401);
  });

  it('the anonymous entry draws its form and refuses a missing, wrong, reused or other entry’s challenge', async () => {
    const token = (await codes())['访客登记']!;
    const form = (await anon('GET', `/apc/qr/form/${token}?p=G-2`, undefined, '10.9.1.1')).json().data;
    expect(form.entry).toMatchObject({ formId, mode: 'add', anonymous: true, presets: { point: 'G-2' }, readOnly: ['point'] });
    expect(JSON.parse(form.formConf.formMeta).list.map((c: { model: string }) => c.model)).toEqual(['point', 'result', 'secret']);

    expect((await anon('POST', `/apc/qr/add/${token}`, { result: '正常' }, '10.9.1.2')).json().errMsg).toBe(QR_ACCESS_TEXT.challengeRequired);
    const wrong = await challenge(token, '10.9.1.3');
    expect((await anon('POST', `/apc/qr/add/${token}`, { result: '正常', challengeId: wrong.challengeId, challengeAnswer: '999' }, '10.9.1.3')).json().errMsg).toBe(QR_ACCESS_TEXT.challengeWrong);
    // Taken away by the wrong answer: the right one no longer works either.
    expect((await anon('POST', `/apc/qr/add/${token}`, { result: '正常', ...wrong2(wrong) }, '10.9.1.3')).json().errMsg).toBe(QR_ACCESS_TEXT.challengeWrong);

    const good = await challenge(token, '10.9.1.4');
    const ok = await anon('POST', `/apc/qr/add/${token}?p=G-2`, { point: '伪造', result: '正常', challengeId: good.challengeId, challengeAnswer: good.answer }, '10.9.1.4');
    expect(ok.json().errCode, ok.body).toBe(0);
    expect((await anon('POST', `/apc/qr/add/${token}?p=G-2`, { result: '又一条', ...wrong2(good) }, '10.9.1.4')).json().errMsg).toBe(QR_ACCESS_TEXT.challengeWrong); // reused

    const id = ok.json().businessId;
    const row = (await t.sql.query(`select point, result, create_by, company_id from form_${formId} where id = $1`, [id])).rows[0];
    expect(row).toMatchObject({ point: 'G-2', result: '正常', company_id: null });
    const creator = (await t.sql.query(`select username, status from sys_user where id = $1`, [row.create_by])).rows[0];
    expect(creator).toEqual({ username: 'qr_anonymous', status: 1 }); // disabled: it can never log in
    const source = (await t.sql.query(`select entry_name, client_ip from qr_record_source where form_id = $1 and record_id = $2`, [formId, id])).rows[0];
    expect(source).toEqual({ entry_name: '访客登记', client_ip: '10.9.1.4' });
    expect(anonymousCreatorLabel(source.entry_name)).toBe('匿名（二维码：访客登记）');
  });

  it('checks as addformdata: a required field left empty is refused and nothing is written', async () => {
    const token = (await codes())['访客登记']!;
    const before = (await t.sql.query(`select count(*)::int as n from form_${formId}`)).rows[0].n;
    const c = await challenge(token, '10.9.2.1');
    const r = await anon('POST', `/apc/qr/add/${token}`, { result: '', challengeId: c.challengeId, challengeAnswer: c.answer }, '10.9.2.1');
    expect(r.statusCode).toBe(400);
    expect(r.json().errMsg).toContain('结果不能为空');
    expect((await t.sql.query(`select count(*)::int as n from form_${formId}`)).rows[0].n).toBe(before);
  });

  it('limits each address (429 with a Chinese message) and other addresses still pass', async () => {
    const token = (await codes())['访客登记']!;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const c = await challenge(token, '10.9.3.1');
      const r = await anon('POST', `/apc/qr/add/${token}`, { result: `第${i}次`, challengeId: c.challengeId, challengeAnswer: c.answer }, '10.9.3.1');
      statuses.push(r.statusCode);
      if (r.statusCode === 429) expect(r.json().errMsg).toBe(QR_ACCESS_TEXT.tooMany);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    const c = await challenge(token, '10.9.3.2');
    expect((await anon('POST', `/apc/qr/add/${token}`, { result: '另一地址', challengeId: c.challengeId, challengeAnswer: c.answer }, '10.9.3.2')).statusCode).toBe(200);
  });

  it('revoking the entry stops its anonymous code at once', async () => {
    const token = (await codes())['访客登记']!;
    const c = await challenge(token, '10.9.4.1');
    const stored = JSON.parse((await t.call(admin, 'GET', `/api/form/queryFormSetByFormId/${formId}`)).json().data.qrCodeConf);
    stored.add[1].isShow = false;
    expect((await t.call(admin, 'POST', '/api/form/saveQrCodeConf', stored)).json().errCode).toBe(0);
    const r = await anon('POST', `/apc/qr/add/${token}`, { result: '正常', challengeId: c.challengeId, challengeAnswer: c.answer }, '10.9.4.1');
    expect(r.statusCode).toBe(404);
    expect(r.json().errMsg).toBe(QR_TEXT.notFound);
    expect((await anon('GET', `/apc/qr/form/${token}`, undefined, '10.9.4.1')).statusCode).toBe(404);
  });
});

/** A challenge's id with its (already used) answer. */
function wrong2(c: { challengeId: string; answer: string }) {
  return { challengeId: c.challengeId, challengeAnswer: c.answer };
}
