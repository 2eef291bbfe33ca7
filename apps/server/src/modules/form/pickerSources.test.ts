import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantForm } from '../../../test/formGrants.ts';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/testApp.ts';

let t: TestApp;
let admin: string;
let corp: string;
let chemForm: number;
let useForm: number;
let companyId: number;
let corpId: string;

type Json = Record<string, unknown>;
let seq = 0;
const control = (type: string, name: string, model: string, options: Json = {}, extra: Json = {}): Json => ({
  type,
  name,
  key: `${type}_${++seq}`,
  model,
  options,
  rules: [],
  ...extra,
});

async function newForm(formName: string, list: Json[]): Promise<number> {
  const formId = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName, formType: '0' })).json().formId;
  const saved = await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: { list, config: {} } });
  expect(saved.json(), saved.body).toMatchObject({ errCode: 0 });
  return formId;
}

async function addRecord(cookie: string, formId: number, fields: Record<string, string>): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/form/addformdata/${formId}`,
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(res.json(), res.body).toMatchObject({ errCode: 0 });
  return res.json().businessId;
}

const get = (cookie: string, path: string, query: Record<string, string | number>) =>
  t.call(cookie, 'GET', `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  companyId = Number((await t.sql.query(`select id from sys_company where company_name = '示例化工有限公司'`)).rows[0].id);
  corpId = (
    await t.sql.query(
      `insert into sys_user (username, password_hash, real_name, user_type, company_id)
       select 'corp_user', password_hash, '企业用户甲', 1, $1 from sys_user where username = 'admin' returning id`,
      [companyId],
    )
  ).rows[0].id;
  corp = await t.login('corp_user', ADMIN_PASSWORD);

  chemForm = await newForm('危险化学品台账', [
    control('input', '名称', 'f_name'),
    control('input', 'CAS号', 'f_cas'),
    control('number', '储量', 'f_qty'),
    control('table', '入库批次', 'batches', {}, {
      tableColumns: [control('input', '批次号', 'f_batch'), control('number', '重量', 'f_weight')],
    }),
  ]);
  const source = (table: string, columns: Array<[string, string]>) => ({
    datasource: '',
    table,
    columns: columns.map(([column, name]) => ({ column, name })),
  });
  const dataSelect = (key: string, model: string, maps: Json) =>
    control('data_select', '关联化学品', model, { maps }, { key, label_model: `${model}_label` });
  useForm = await newForm('危化品领用登记', [
    dataSelect('ds_chem', 'f_chem', {
      key: 'id',
      name: 'f_name',
      title: '选择化学品',
      mapping: [{ selectKey: 'f_cas', model: 'f_cas_copy' }],
      source: source(`form_${chemForm}`, [['f_name', '名称'], ['f_qty', '储量']]),
    }),
    dataSelect('ds_empty', 'f_empty', { key: '', name: '', mapping: [], source: { datasource: '', table: '', columns: [] } }),
    dataSelect('ds_evil', 'f_evil', { source: source('sys_user', [['password_hash', '密码']]) }),
    dataSelect('ds_badcol', 'f_badcol', { source: source(`form_${chemForm}`, [['password_hash', '密码']]) }),
    control('input', 'CAS号', 'f_cas_copy'),
    control('m_data_ref', '引用化学品', 'f_ref', { dsConf: { formId: chemForm, subKey: '', columns: ['f_name'] } }, { key: 'ref_chem' }),
    control('table', '领用明细', 'lines', { dsConf: { formId: chemForm, subKey: 'batches' } }, {
      key: 'lines_table',
      tableColumns: [control('input', '批次', 'line_batch')],
    }),
  ]);

  const sulfuric = await addRecord(admin, chemForm, { f_name: '硫酸', f_cas: '7664-93-9', f_qty: '100' });
  await addRecord(admin, chemForm, { f_name: '盐酸', f_cas: '7647-01-0', f_qty: '50' });
  await addRecord(admin, chemForm, { f_name: '50%_过氧化氢', f_cas: '7722-84-1', f_qty: '20' });
  // The company user may add to both forms, and view neither: the picker reads for filling useForm.
  await grantForm(t, corpId, chemForm, ['add']);
  await grantForm(t, corpId, useForm, ['add']);
  await addRecord(corp, chemForm, { f_name: '企业甲醇', f_cas: '67-56-1', f_qty: '5' });
  const batches = await t.call(admin, 'POST', `/api/form/batchaddsubformdata/${chemForm}/batches`, {
    parentId: sulfuric,
    subDatas: [
      { f_batch: 'B-001', f_weight: '10' },
      { f_batch: 'B-002', f_weight: '30' },
    ],
  });
  expect(batches.json(), batches.body).toMatchObject({ errCode: 0 });
});
afterAll(() => t.close());

const PREVIEW = '/api/form/datasource/table/previewquerydata';

describe('previewquerydata (design time)', () => {
  it('refuses anything but a saved form table, with 400 and a Chinese message', async () => {
    const names = [
      'users',
      'pg_catalog.pg_user',
      'form_1; drop table x',
      `form_${chemForm}; drop table x`,
      `"form_${chemForm}"`,
      `public.form_${chemForm}`,
      `FORM_${chemForm}`,
      'form_999999',
      `form_${chemForm}__nosuch`,
      `form_${chemForm}__batches--`,
      'sys_user',
      '',
    ];
    for (const tbName of names) {
      const res = await get(admin, PREVIEW, { tbName, cols: 'id', pageNum: 1, pageSize: 10 });
      expect(res.statusCode, tbName).toBe(400);
      expect(res.json().errCode).toBe(400);
      expect(res.json().errMsg).toMatch(/^数据表 .*不存在或不允许查询$|^请求参数不合法/);
    }
    const x = await get(admin, PREVIEW, { tbName: 'form_1; drop table x', cols: 'id' });
    expect(x.json().errMsg).toBe('数据表 form_1; drop table x 不存在或不允许查询');
    expect((await t.sql.query(`select to_regclass('sys_user') is not null as ok`)).rows[0].ok).toBe(true);
  });

  it('refuses columns the table does not have', async () => {
    for (const cols of ['password_hash', 'f_name,pg_sleep(1)', 'f_name;drop', '"f_name"']) {
      const res = await get(admin, PREVIEW, { tbName: `form_${chemForm}`, cols });
      expect(res.statusCode, cols).toBe(400);
      expect(res.json().errMsg).toMatch(/^数据列 .* 不存在$/);
    }
  });

  it('answers the chosen columns of a form table, paged, with a keyword or conditions', async () => {
    const base = { tbName: `form_${chemForm}`, cols: 'f_name,f_cas', pageNum: 1, pageSize: 2 };
    const page = (await get(admin, PREVIEW, base)).json();
    expect(page.errCode).toBe(0);
    expect(page.totalCount).toBe(4);
    expect(page.datas).toHaveLength(2);
    expect(Object.keys(page.datas[0]).sort()).toEqual(['f_cas', 'f_name', 'id']);
    expect(page.datas[0].f_name).toBe('企业甲醇');
    const names = async (cond: string) =>
      (await get(admin, PREVIEW, { ...base, pageSize: 10, cond })).json().datas.map((d: { f_name: string }) => d.f_name);
    expect(await names('硫')).toEqual(['硫酸']);
    expect(await names('7647')).toEqual(['盐酸']);
    expect(await names('%_')).toEqual(['50%_过氧化氢']);
    expect(await names('_')).toEqual(['50%_过氧化氢']);
    expect(await names(JSON.stringify([{ key: 'f_qty', type: '$gte', value: '50' }]))).toEqual(['盐酸', '硫酸']);
    const badKey = await get(admin, PREVIEW, { ...base, cond: JSON.stringify([{ key: 'password_hash', type: '$eq', value: 'x' }]) });
    expect(badKey.statusCode).toBe(400);
    const badType = await get(admin, PREVIEW, { ...base, cond: JSON.stringify([{ key: 'f_qty', type: '$regex', value: '.' }]) });
    expect(badType.statusCode).toBe(400);
    // Without cols: id and every data column.
    const all = (await get(admin, PREVIEW, { tbName: `form_${chemForm}`, pageSize: 1 })).json().datas[0];
    expect(Object.keys(all).sort()).toEqual(['f_cas', 'f_name', 'f_qty', 'id']);
    expect(all.f_qty).toBe(5);
  });

  it('reads sub-tables too', async () => {
    const res = (await get(admin, PREVIEW, { tbName: `form_${chemForm}__batches`, cols: 'f_batch,f_weight,parent_id' })).json();
    expect(res.totalCount).toBe(2);
    expect(res.datas.map((d: { f_batch: string; f_weight: number }) => [d.f_batch, d.f_weight])).toEqual([
      ['B-002', 30],
      ['B-001', 10],
    ]);
  });

  it('needs the form-design permission', async () => {
    const res = await get(corp, PREVIEW, { tbName: `form_${chemForm}`, cols: 'f_name' });
    expect(res.statusCode).toBe(403);
    expect((await get(corp, '/api/form/datasource/table/querydesc', { tbName: `form_${chemForm}` })).statusCode).toBe(403);
  });
});

describe('querydata (runtime, from the control’s maps.source)', () => {
  const QUERY = '/api/form/datasource/table/querydata';

  it("answers the source's columns and the picker's key, label and mapped columns", async () => {
    const res = (await get(admin, QUERY, { formId: useForm, fk: 'ds_chem', pageNum: 1, pageSize: 10 })).json();
    expect(res.errCode).toBe(0);
    expect(res.totalCount).toBe(4);
    expect(Object.keys(res.datas[0]).sort()).toEqual(['f_cas', 'f_name', 'f_qty', 'id']);
    const hit = (await get(admin, QUERY, { formId: useForm, fk: 'ds_chem', cond: '盐' })).json();
    expect(hit.datas).toEqual([expect.objectContaining({ f_name: '盐酸', f_cas: '7647-01-0', f_qty: 50 })]);
    // The keyword searches the shown text columns only (f_cas is not shown).
    expect((await get(admin, QUERY, { formId: useForm, fk: 'ds_chem', cond: '7647' })).json().totalCount).toBe(0);
    expect((await get(admin, QUERY, { formId: useForm, fk: 'ds_chem', cond: '%' })).json().datas.map((d: { f_name: string }) => d.f_name)).toEqual([
      '50%_过氧化氢',
    ]);
  });

  it("limits a company user to their company's rows", async () => {
    const res = (await get(corp, QUERY, { formId: useForm, fk: 'ds_chem' })).json();
    expect(res.totalCount).toBe(1);
    expect(res.datas.map((d: { f_name: string }) => d.f_name)).toEqual(['企业甲醇']);
  });

  it('refuses a control without a source, a source that is not a form table, and unknown columns', async () => {
    const empty = await get(admin, QUERY, { formId: useForm, fk: 'ds_empty' });
    expect([empty.statusCode, empty.json().errMsg]).toEqual([400, '未选择任何的数据配置项']);
    const evil = await get(admin, QUERY, { formId: useForm, fk: 'ds_evil' });
    expect([evil.statusCode, evil.json().errMsg]).toEqual([400, '数据表 sys_user 不存在或不允许查询']);
    const badCol = await get(admin, QUERY, { formId: useForm, fk: 'ds_badcol' });
    expect([badCol.statusCode, badCol.json().errMsg]).toEqual([400, '数据列 password_hash 不存在']);
    const noControl = await get(admin, QUERY, { formId: useForm, fk: 'nosuch' });
    expect([noControl.statusCode, noControl.json().errMsg]).toEqual([400, '控件 nosuch 不存在']);
  });
});

describe('queryFormDataForChoose', () => {
  const CHOOSE = '/api/form/queryFormDataForChoose';

  it('answers rows of the destination form under a condition', async () => {
    const condition = JSON.stringify([{ key: 'f_qty', type: '$gte', value: '50' }]);
    const res = (
      await get(admin, CHOOSE, { formId: useForm, key: 'ref_chem', destFormId: chemForm, destSubKey: '', condition, keyType: 0, pageNum: 1, pageSize: 10 })
    ).json();
    expect(res.errCode).toBe(0);
    expect(res.totalCount).toBe(2);
    expect(res.datas.map((d: { f_name: string }) => d.f_name).sort()).toEqual(['盐酸', '硫酸'].sort());
    expect(res.datas[0]).toMatchObject({ id: expect.any(Number), f_cas: expect.any(String), create_time: expect.any(String) });
    const multi = JSON.stringify({ condType: 'multi', relation: 'or', conds: [{ condType: 'single', key: 'f_name', matchType: '$eq', value: '盐酸' }, { condType: 'single', key: 'f_name', matchType: '$like', value: '甲醇' }] });
    const either = (await get(admin, CHOOSE, { formId: useForm, key: 'ref_chem', destFormId: chemForm, condition: multi, keyType: 0 })).json();
    expect(either.datas.map((d: { f_name: string }) => d.f_name).sort()).toEqual(['企业甲醇', '盐酸'].sort());
    // Company scope applies here too.
    const mine = (await get(corp, CHOOSE, { formId: useForm, key: 'ref_chem', destFormId: chemForm, keyType: 0 })).json();
    expect(mine.datas.map((d: { f_name: string }) => d.f_name)).toEqual(['企业甲醇']);
  });

  it('reads a sub-table for a sub-table control (keyType 1)', async () => {
    const condition = JSON.stringify([{ key: 'f_weight', type: '$gt', value: '15' }]);
    const res = (
      await get(admin, CHOOSE, { formId: useForm, key: 'lines_table', destFormId: chemForm, destSubKey: 'batches', condition, keyType: 1 })
    ).json();
    expect(res.datas.map((d: { f_batch: string }) => d.f_batch)).toEqual(['B-002']);
  });

  it('refuses conditions on unknown columns and sources the control was not designed for', async () => {
    const bad = await get(admin, CHOOSE, {
      formId: useForm,
      key: 'ref_chem',
      destFormId: chemForm,
      condition: JSON.stringify([{ key: 'password_hash', type: '$eq', value: 'x' }]),
    });
    expect([bad.statusCode, bad.json().errMsg]).toEqual([400, '查询条件字段不存在: password_hash']);
    const notJson = await get(admin, CHOOSE, { formId: useForm, key: 'ref_chem', destFormId: chemForm, condition: '{oops' });
    expect([notJson.statusCode, notJson.json().errMsg]).toEqual([400, '查询条件格式不正确']);
    const other = await get(admin, CHOOSE, { formId: useForm, key: 'ref_chem', destFormId: useForm });
    expect([other.statusCode, other.json().errMsg]).toEqual([400, '数据来源与控件配置不一致']);
    const sub = await get(admin, CHOOSE, { formId: useForm, key: 'lines_table', destFormId: chemForm, destSubKey: '' });
    expect(sub.statusCode).toBe(400);
    const noConf = await get(admin, CHOOSE, { formId: useForm, key: 'ds_chem', destFormId: chemForm });
    expect([noConf.statusCode, noConf.json().errMsg]).toEqual([400, '未选择任何的数据配置项']);
  });
});

describe('column descriptions', () => {
  it('describes a form table and a sub-table as colums', async () => {
    const main = (await get(admin, '/api/form/formtable/querydesc', { formId: chemForm })).json();
    expect(main.errCode).toBe(0);
    expect(main.colums[0]).toEqual({ columnName: 'id', columnDesc: 'ID', columnType: 'bigint' });
    expect(main.colums).toEqual(
      expect.arrayContaining([
        { columnName: 'f_name', columnDesc: '名称', columnType: 'text' },
        { columnName: 'f_qty', columnDesc: '储量', columnType: 'numeric' },
        { columnName: 'create_time', columnDesc: '创建时间', columnType: 'timestamptz' },
      ]),
    );
    expect(main.colums.map((c: { columnName: string }) => c.columnName)).not.toContain('parent_id');
    const sub = (await get(admin, '/api/form/formtable/querydesc', { formId: chemForm, subKey: 'batches' })).json();
    expect(sub.colums.map((c: { columnName: string }) => c.columnName)).toEqual(
      expect.arrayContaining(['id', 'f_batch', 'f_weight', 'parent_id']),
    );
    const use = (await get(admin, '/api/form/formtable/querydesc', { formId: useForm })).json().colums;
    expect(use).toEqual(
      expect.arrayContaining([
        { columnName: 'f_chem', columnDesc: '关联化学品', columnType: 'text' },
        { columnName: 'f_chem_label', columnDesc: '关联化学品（显示值）', columnType: 'text' },
      ]),
    );
    expect((await get(admin, '/api/form/formtable/querydesc', { formId: chemForm, subKey: 'nosuch' })).statusCode).toBe(404);
    const byName = (await get(admin, '/api/form/datasource/table/querydesc', { tbName: `form_${chemForm}` })).json();
    expect(byName.colums).toEqual(main.colums);
    expect((await get(admin, '/api/form/datasource/table/querydesc', { tbName: 'pg_catalog.pg_user' })).statusCode).toBe(400);
  });
});
