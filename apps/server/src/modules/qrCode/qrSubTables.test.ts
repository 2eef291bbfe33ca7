import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QR_SUB_TEXT } from '@park/core';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';

/*
 * A 查看/编辑 code's sub-table rules (issue 39): saved through saveQrCodeConf in the original's
 * shape and enforced on the server — a row the condition hides is neither answered nor written,
 * a 仅查看 sub-table refuses added and changed rows, 单新增 allows one added row, 字段权限 limits
 * the columns. Real server, real PostgreSQL.
 */

let t: TestApp;
let admin: string;
let formId: number;
let recordId: number;
const ids: Record<string, number> = {};

const input = (model: string, name: string) => ({ type: 'input', key: `k_${model}`, model, name, options: {}, rules: [] });
const numberField = (model: string, name: string) => ({ type: 'input_number', key: `k_${model}`, model, name, options: {}, rules: [] });
const table = (model: string, name: string, columns: unknown[]) => ({ type: 'table', key: `k_${model}`, model, name, options: {}, tableColumns: columns });
const cond = (rows: Array<{ key: string; opt: string; value?: string }>) => ({ type: 'and', conds: [{ type: 'and', conds: rows }] });
const none = { type: 'and', conds: [] };

const checksRule = {
  subKey: 'checks',
  add: { isAllow: true, type: 'single', contents: [{ name: '检查项', key: 'item', type: 'edit', value: '' }, { name: '状态', key: 'status', type: 'edit', value: '待检' }] },
  edit: { isAllow: true, contents: [{ name: '状态', key: 'status', type: 'edit' }, { name: '检查项', key: 'item', type: 'read' }], cond: cond([{ key: 'status', opt: '$neq', value: '已关闭' }]) },
  query: { isAllow: true, type: '1', contents: [{ name: '检查项', key: 'item', type: 'read' }, { name: '状态', key: 'status', type: 'read' }], cond: cond([{ key: 'area', opt: '$eq', value: 'A区' }]) },
};
const logsRule = {
  subKey: 'logs',
  add: { isAllow: false, type: 'single', contents: [] },
  edit: { isAllow: false, contents: [], cond: none },
  query: { isAllow: true, type: '1', contents: [], cond: none },
};

function conf(extra: { edit?: unknown[]; query?: unknown[] } = {}) {
  return {
    formId,
    add: [{ name: '新增', isDefault: true, isShow: true, content: { parent: [], childs: [] } }],
    query: extra.query ?? [{ name: '查看罐区', isShow: true, recordId, content: { parent: [{ name: '结果', key: 'result', readOnly: true }], childs: [{ subKey: 'checks', contents: [{ name: '检查项', key: 'item' }], cond: cond([{ key: 'status', opt: '$eq', value: '正常' }]) }] } }],
    edit: extra.edit ?? [{ name: '编辑罐区', isShow: true, recordId, content: { parent: [{ name: '结果', key: 'result', type: 'edit' }], childs: [checksRule, logsRule] } }],
  };
}

async function token(name: string): Promise<string> {
  const list = (await t.call(admin, 'GET', `/api/form/qrCodeEntries/${formId}`)).json().data as { name: string; token: string }[];
  return list.find((c) => c.name === name)!.token;
}

const subRows = async (sub: string) => (await t.sql.query(`select id, item, status, area, secret from form_${formId}__${sub} where parent_id = $1 order by id`, [recordId])).rows;
const update = async (body: unknown) => t.call(admin, 'POST', `/api/qr/update/${await token('编辑罐区')}`, body);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  formId = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '罐区巡检' })).json().formId;
  const meta = {
    list: [
      input('result', '结果'),
      table('checks', '检查项目', [input('item', '检查项'), input('status', '状态'), input('area', '区域'), input('secret', '内部备注'), numberField('qty', '数量')]),
      table('logs', '巡检记录', [input('item', '记录'), input('status', '状态'), input('area', '区域'), input('secret', '备注')]),
    ],
    config: {},
  };
  expect((await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: meta })).json().errCode).toBe(0);
  const added = await t.call(admin, 'POST', `/api/form/addpcformdata/${formId}`, {
    parent: { result: '正常' },
    child: [
      { subKey: 'checks', subDatas: [{ item: '阀门', status: '正常', area: 'A区', secret: '机密1' }, { item: '法兰', status: '已关闭', area: 'A区' }, { item: '泵', status: '正常', area: 'B区' }] },
      { subKey: 'logs', subDatas: [{ item: '首检', status: '完成', area: 'A区' }] },
    ],
  });
  expect(added.json().errCode, added.body).toBe(0);
  recordId = added.json().businessId;
  for (const sub of ['checks', 'logs']) for (const r of await subRows(sub)) ids[`${sub}:${r.item}`] = Number(r.id);
  const saved = await t.call(admin, 'POST', '/api/form/saveQrCodeConf', conf());
  expect(saved.json().errCode, saved.body).toBe(0);
});
afterAll(() => t?.close());

describe('saving the sub-table rules (saveQrCodeConf, the original’s shape)', () => {
  it('reads them back through queryFormSetByFormId as JSON text, unchanged', async () => {
    const stored = JSON.parse((await t.call(admin, 'GET', `/api/form/queryFormSetByFormId/${formId}`)).json().data.qrCodeConf);
    expect(stored.edit[0].content.childs).toEqual([checksRule, logsRule]);
    expect(stored.edit[0].content.parent[0]).toMatchObject({ key: 'result', auth: 'edit' }); // the original's type 'edit' read as the permission
    expect(stored.query[0].content.childs[0]).toEqual({ subKey: 'checks', contents: [{ name: '检查项', key: 'item' }], cond: cond([{ key: 'status', opt: '$eq', value: '正常' }]) });
  });

  it('refuses an unknown sub-table, an unknown field, a condition without a value and an operator the field’s kind lacks', async () => {
    const bad = async (child: unknown) => (await t.call(admin, 'POST', '/api/form/saveQrCodeConf', conf({ edit: [{ name: '编辑罐区', isShow: true, recordId, content: { parent: [], childs: [child] } }] }))).json();
    expect((await bad({ ...checksRule, subKey: 'nope' })).errMsg).toBe(QR_SUB_TEXT.subUnknown);
    expect((await bad({ ...checksRule, edit: { ...checksRule.edit, contents: [{ name: 'x', key: 'nope', type: 'edit' }] } })).errMsg).toBe(QR_SUB_TEXT.subFieldUnknown);
    expect((await bad({ ...checksRule, query: { ...checksRule.query, cond: cond([{ key: 'area', opt: '$eq', value: '' }]) } })).errMsg).toBe(QR_SUB_TEXT.condValueMissing);
    expect((await bad({ ...checksRule, query: { ...checksRule.query, cond: cond([{ key: 'qty', opt: '$like', value: '1' }]) } })).errMsg).toContain('数据权限');
    // Nothing of the refused saves was kept.
    const stored = JSON.parse((await t.call(admin, 'GET', `/api/form/queryFormSetByFormId/${formId}`)).json().data.qrCodeConf);
    expect(stored.edit[0].content.childs).toEqual([checksRule, logsRule]);
  });
});

describe('/api/qr/record answers only what the rules show', () => {
  it('编辑: the rows the condition shows, cut to their columns, with what may be done to them', async () => {
    const r = (await t.call(admin, 'GET', `/api/qr/record/${await token('编辑罐区')}`)).json();
    const checks = r.subs.find((s: { subKey: string }) => s.subKey === 'checks');
    expect(checks.rows.map((x: { item: string }) => x.item)).toEqual(['阀门', '法兰']); // 泵 is in B区: hidden
    expect(checks.rows[0].secret).toBeUndefined();
    expect(checks.rows[0].area).toBeUndefined();
    expect(checks.editableRowIds).toEqual([ids['checks:阀门']]); // 法兰 is 已关闭: seen, not editable
    expect(checks).toMatchObject({ add: 'single', fields: ['item', 'status'], editFields: ['status'], addFields: ['item', 'status'] });
    const logs = r.subs.find((s: { subKey: string }) => s.subKey === 'logs');
    expect(logs).toMatchObject({ add: 'none', editableRowIds: [], fields: null });
    expect(logs.rows.map((x: { item: string }) => x.item)).toEqual(['首检']);
  });

  it('查看: its sub-table’s listed column and the rows its condition shows', async () => {
    const r = (await t.call(admin, 'GET', `/api/qr/record/${await token('查看罐区')}`)).json();
    expect(r.subs).toHaveLength(1); // logs: not listed by the entry, not shown
    expect(r.subs[0].rows.map((x: Record<string, unknown>) => [x.item, x.status])).toEqual([['阀门', undefined], ['泵', undefined]]);
    expect(r.subs[0]).toMatchObject({ add: 'none', editableRowIds: [] });
  });
});

describe('/api/qr/update writes only what the rules allow', () => {
  const payload = (child: unknown[], parent: Record<string, unknown> = { result: '正常' }) => ({ parent, child });

  it('changes an editable row in its editable column and ignores the rest', async () => {
    const r = await update(payload([{ subKey: 'checks', subDatas: [{ id: ids['checks:阀门'], item: '篡改', status: '泄漏', secret: '篡改', area: 'B区' }] }], { result: '异常' }));
    expect(r.json().errCode, r.body).toBe(0);
    const row = (await subRows('checks')).find((x) => Number(x.id) === ids['checks:阀门']);
    expect(row).toMatchObject({ item: '阀门', status: '泄漏', area: 'A区', secret: '机密1' });
    expect((await t.sql.query(`select result from form_${formId} where id = $1`, [recordId])).rows[0].result).toBe('异常');
  });

  it('refuses a changed row the edit condition does not match, and rolls the whole save back', async () => {
    const before = await subRows('checks');
    const r = await update(payload([{ subKey: 'checks', subDatas: [{ id: ids['checks:阀门'], status: '已修复' }, { id: ids['checks:法兰'], item: '法兰', status: '重新打开' }] }], { result: '回滚' }));
    expect(r.statusCode).toBe(400);
    expect(r.json().errMsg).toBe(QR_SUB_TEXT.rowHidden('检查项目'));
    expect(await subRows('checks')).toEqual(before);
    expect((await t.sql.query(`select result from form_${formId} where id = $1`, [recordId])).rows[0].result).toBe('异常');
    // Sent back unchanged, the same row passes (the phone sends every shown row).
    expect((await update(payload([{ subKey: 'checks', subDatas: [{ id: ids['checks:法兰'], item: '法兰', status: '已关闭' }] }]))).json().errCode).toBe(0);
  });

  it('a row the condition hides is not writable (404), nor another record’s row', async () => {
    const r = await update(payload([{ subKey: 'checks', subDatas: [{ id: ids['checks:泵'], status: '已修复' }] }]));
    expect([r.statusCode, r.json().errMsg]).toEqual([404, QR_SUB_TEXT.rowHidden('检查项目')]);
    const other = await t.call(admin, 'POST', `/api/form/addpcformdata/${formId}`, { parent: { result: '另一条' }, child: [{ subKey: 'checks', subDatas: [{ item: '别家', status: '正常', area: 'A区' }] }] });
    const otherRow = (await t.sql.query(`select id from form_${formId}__checks where parent_id = $1`, [other.json().businessId])).rows[0].id;
    expect((await update(payload([{ subKey: 'checks', subDatas: [{ id: otherRow, status: 'x' }] }]))).statusCode).toBe(404);
    expect((await t.sql.query(`select status from form_${formId}__checks where id = $1`, [otherRow])).rows[0].status).toBe('正常');
    expect((await subRows('checks')).find((x) => Number(x.id) === ids['checks:泵'])!.status).toBe('正常');
  });

  it('单新增 allows one added row per save, filled from its defaults, in its columns only', async () => {
    const count = async () => (await subRows('checks')).length;
    const n = await count();
    const two = await update(payload([{ subKey: 'checks', subDatas: [{ item: '新1' }, { item: '新2' }] }]));
    expect([two.statusCode, two.json().errMsg]).toEqual([400, QR_SUB_TEXT.single('检查项目')]);
    expect(await count()).toBe(n);
    const one = await update(payload([{ subKey: 'checks', subDatas: [{ item: '压力表', secret: '不应写入', area: 'C区' }] }]));
    expect(one.json().errCode, one.body).toBe(0);
    const added = (await subRows('checks')).find((x) => x.item === '压力表');
    expect(added).toMatchObject({ status: '待检', secret: null, area: null });
  });

  it('a 仅查看 sub-table refuses added and changed rows; its rows sent back unchanged pass', async () => {
    const add = await update(payload([{ subKey: 'logs', subDatas: [{ item: '补记' }] }]));
    expect([add.statusCode, add.json().errMsg]).toEqual([400, QR_SUB_TEXT.readOnly('巡检记录')]);
    const change = await update(payload([{ subKey: 'logs', subDatas: [{ id: ids['logs:首检'], item: '改写', status: '完成', area: 'A区' }] }]));
    expect([change.statusCode, change.json().errMsg]).toEqual([400, QR_SUB_TEXT.readOnly('巡检记录')]);
    expect((await update(payload([{ subKey: 'logs', subDatas: [{ id: ids['logs:首检'], item: '首检', status: '完成', area: 'A区' }] }]))).json().errCode).toBe(0);
    expect((await subRows('logs')).map((x) => x.item)).toEqual(['首检']);
  });

  it('a 查看 code writes nothing', async () => {
    const r = await t.call(admin, 'POST', `/api/qr/update/${await token('查看罐区')}`, payload([{ subKey: 'checks', subDatas: [{ item: '越权' }] }]));
    expect(r.statusCode).toBe(404);
    expect((await subRows('checks')).some((x) => x.item === '越权')).toBe(false);
  });
});
