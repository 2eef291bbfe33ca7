import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QR_TEXT } from '@park/core';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';

/* 二维码设置 (issue 39): the original's round trip, the core rules, signed and revocable tokens. */

let t: TestApp;
let admin: string;
let formId: number;
let otherFormId: number;

const entry = (name: string, extra: Record<string, unknown> = {}) => ({ name, isShow: true, content: { parent: [], childs: [] }, ...extra });

async function makeForm(name: string): Promise<number> {
  const id = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName: name })).json().formId;
  const control = (model: string, label: string) => ({ type: 'input', key: `k_${model}`, model, name: label, options: {} });
  const meta = { list: [control('checkpoint', '巡检点'), control('result', '巡检结果')], config: {} };
  expect((await t.call(admin, 'POST', '/api/form/saveformdesign', { formId: id, formMeta: meta })).json().errCode).toBe(0);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  formId = await makeForm('巡检记录');
  otherFormId = await makeForm('访客登记');
});
afterAll(() => t?.close());

const conf = () => ({
  formId,
  add: [entry('新增', { isDefault: true }), entry('1号罐区巡检', { content: { parent: [{ name: '巡检点', key: 'checkpoint', preset: true, readOnly: true, value: '${point}' }, { name: '巡检结果', key: 'result', preset: true, value: '正常' }], childs: [] } })],
  query: [entry('查询', { isDefault: true })],
  edit: [entry('编辑', { isDefault: true, recordId: 7 })],
});

describe('queryFormSetByFormId / saveQrCodeConf', () => {
  it('answers the default as JSON text before anything is saved, then the saved configuration', async () => {
    const first = (await t.call(admin, 'GET', `/api/form/queryFormSetByFormId/${formId}`)).json();
    expect(first).toMatchObject({ errCode: 0, data: { formId, formSet: expect.any(String) } }); // formSet: 提醒设置's default
    const def = JSON.parse(first.data.qrCodeConf);
    expect(def.add).toEqual([{ name: '新增', isDefault: true, isShow: true, content: { parent: [], childs: [] } }]);
    expect([def.query[0].name, def.edit[0].name]).toEqual(['查询', '编辑']);

    const saved = await t.call(admin, 'POST', '/api/form/saveQrCodeConf', { ...conf(), evil: 1 });
    expect(saved.json()).toEqual({ errCode: 0, errMsg: QR_TEXT.saved });
    const back = (await t.call(admin, 'GET', `/api/form/queryFormSetByFormId/${formId}`)).json();
    expect(typeof back.data.qrCodeConf).toBe('string');
    const read = JSON.parse(back.data.qrCodeConf);
    expect(read.evil).toBeUndefined();
    expect(read.add[1]).toMatchObject({ name: '1号罐区巡检', isShow: true, content: { parent: [{ key: 'checkpoint', preset: true, readOnly: true, value: '${point}' }, { key: 'result' }] } });
    expect(read.add[1].tokenId).toMatch(/^[0-9a-f]{32}$/);
    expect(read.edit[0].recordId).toBe(7);
  });

  it('refuses what the dialog refuses, with its messages, and writes nothing', async () => {
    const before = (await t.sql.query(`select qr_code_conf from form_set where form_id = $1`, [formId])).rows[0];
    const cases: [unknown, string][] = [
      [{ ...conf(), add: [entry(' ')] }, QR_TEXT.nameRequired],
      [{ ...conf(), add: [entry('甲'), entry('甲')] }, QR_TEXT.nameTaken],
      [{ ...conf(), add: [entry('甲', { content: { parent: [{ name: '无', key: 'no_such' }], childs: [] } })] }, QR_TEXT.fieldUnknown],
      [{ ...conf(), query: [entry('查', { anonymous: true })] }, QR_TEXT.anonymousOnlyAdd],
      [{ ...conf(), add: [entry('x'.repeat(51))] }, QR_TEXT.nameTooLong],
    ];
    for (const [body, msg] of cases) {
      const r = await t.call(admin, 'POST', '/api/form/saveQrCodeConf', body);
      expect(r.json().errMsg, JSON.stringify(body).slice(0, 80)).toBe(msg);
    }
    expect((await t.sql.query(`select qr_code_conf from form_set where form_id = $1`, [formId])).rows[0]).toEqual(before);
  });

  it('refuses callers without the designer permission and forms that do not exist', async () => {
    await t.sql.query(`insert into sys_user (username, password_hash, real_name) select 'qr_nobody', password_hash, '无权' from sys_user where username = 'admin'`);
    const nobody = await t.login('qr_nobody');
    expect((await t.call(nobody, 'POST', '/api/form/saveQrCodeConf', conf())).statusCode).toBe(403);
    expect((await t.call(nobody, 'GET', `/api/form/queryFormSetByFormId/${formId}`)).statusCode).toBe(403);
    expect((await t.call('', 'GET', `/api/form/queryFormSetByFormId/${formId}`)).statusCode).toBe(401);
    expect((await t.call(admin, 'GET', `/api/form/queryFormSetByFormId/999999`)).statusCode).toBe(404);
  });
});

describe('tokens', () => {
  it('a printed code resolves to its entry with presets from the code’s parameters; forged ones 404', async () => {
    const codes = (await t.call(admin, 'GET', `/api/form/qrCodeEntries/${formId}`)).json().data as { name: string; token: string; url: string }[];
    const tank = codes.find((c) => c.name === '1号罐区巡检')!;
    expect(tank.url).toBe(`/closed-park-web/m/qr/${tank.token}`);
    expect(tank.token.split('.')[1]).toMatch(/^[0-9a-f]{32}$/); // random, not a sequence number
    const r = (await t.call(admin, 'GET', `/api/qr/resolve/${tank.token}?point=A-01`)).json();
    expect(r.data).toMatchObject({ formId, mode: 'add', name: '1号罐区巡检', presets: { checkpoint: 'A-01', result: '正常' }, readOnly: ['checkpoint'] });
    const edit = codes.find((c) => c.name === '编辑')!;
    expect((await t.call(admin, 'GET', `/api/qr/resolve/${edit.token}`)).json().data).toMatchObject({ mode: 'edit', recordId: 7 });

    const [f, id, sig] = tank.token.split('.') as [string, string, string];
    for (const forged of [`${otherFormId}.${id}.${sig}`, `${f}.${id}.${sig.replace(/^./, sig[0] === 'A' ? 'B' : 'A')}`, `${f}.${'0'.repeat(32)}.${sig}`, 'nonsense']) {
      expect((await t.call(admin, 'GET', `/api/qr/resolve/${forged}`)).statusCode, forged).toBe(404);
    }
    expect((await t.call('', 'GET', `/api/qr/resolve/${tank.token}`)).statusCode).toBe(401);
  });

  it('hiding, regenerating or deleting an entry stops its printed codes at once', async () => {
    const codes = (await t.call(admin, 'GET', `/api/form/qrCodeEntries/${formId}`)).json().data as { name: string; token: string }[];
    const tokenOf = (name: string) => codes.find((c) => c.name === name)!.token;
    const stored = JSON.parse((await t.call(admin, 'GET', `/api/form/queryFormSetByFormId/${formId}`)).json().data.qrCodeConf);
    stored.add[0].isShow = false; // 新增: hidden
    delete stored.add[1].tokenId; // 1号罐区巡检: regenerated
    stored.edit = []; // 编辑: deleted
    expect((await t.call(admin, 'POST', '/api/form/saveQrCodeConf', stored)).json().errCode).toBe(0);
    for (const name of ['新增', '1号罐区巡检', '编辑']) expect((await t.call(admin, 'GET', `/api/qr/resolve/${tokenOf(name)}`)).statusCode, name).toBe(404);
    expect((await t.call(admin, 'GET', `/api/qr/resolve/${tokenOf('查询')}`)).statusCode).toBe(200);
    const fresh = (await t.call(admin, 'GET', `/api/form/qrCodeEntries/${formId}`)).json().data.find((c: { name: string }) => c.name === '1号罐区巡检');
    expect(fresh.token).not.toBe(tokenOf('1号罐区巡检'));
    expect((await t.call(admin, 'GET', `/api/qr/resolve/${fresh.token}`)).statusCode).toBe(200);
  });
});

describe('新增 through a code', () => {
  it('forces read-only presets over a crafted body, fills editable ones, and checks as addformdata', async () => {
    const stored = JSON.parse((await t.call(admin, 'GET', `/api/form/queryFormSetByFormId/${formId}`)).json().data.qrCodeConf);
    stored.add.push(entry('2号罐区巡检', { content: { parent: [{ name: '巡检点', key: 'checkpoint', preset: true, readOnly: true, value: '${point}' }, { name: '巡检结果', key: 'result', preset: true, value: '正常' }], childs: [] } }));
    expect((await t.call(admin, 'POST', '/api/form/saveQrCodeConf', stored)).json().errCode).toBe(0);
    const codes = (await t.call(admin, 'GET', `/api/form/qrCodeEntries/${formId}`)).json().data as { name: string; token: string }[];
    const token = codes.find((c) => c.name === '2号罐区巡检')!.token;

    const crafted = await t.call(admin, 'POST', `/api/qr/add/${token}?point=B-07`, { checkpoint: '伪造', result: '' });
    expect(crafted.json().errCode, crafted.body).toBe(0);
    const id = crafted.json().businessId;
    const row = (await t.sql.query(`select checkpoint, result from form_${formId} where id = $1`, [id])).rows[0];
    expect(row).toEqual({ checkpoint: 'B-07', result: '正常' });
    const kept = (await t.call(admin, 'POST', `/api/qr/add/${token}?point=B-07`, { result: '有泄漏' })).json().businessId;
    expect((await t.sql.query(`select result from form_${formId} where id = $1`, [kept])).rows[0].result).toBe('有泄漏');

    const query = codes.find((c) => c.name === '查询')!.token;
    expect((await t.call(admin, 'POST', `/api/qr/add/${query}`, {})).statusCode).toBe(404); // not a 新增 entry
    const nobody = await t.login('qr_nobody');
    expect((await t.call(nobody, 'POST', `/api/qr/add/${token}`, {})).statusCode).toBe(403); // a code grants nothing
    expect((await t.call('', 'POST', `/api/qr/add/${token}`, {})).statusCode).toBe(401);
  });
});
