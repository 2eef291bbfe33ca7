import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { everyControlMeta, everyControlRecord } from '../../../test/sampleForm.ts';

/*
 * Issue 15 §5: a value of the wrong shape is a 400 naming the field, never a null stored with a
 * 200; a malformed condition is a 400, never dropped; a record id is one positive integer.
 */

let t: TestApp;
let admin: string;
let formId: number;
let base: Record<string, string>;

const count = async () => Number((await t.sql.query(`select count(*) n from "form_${formId}"`)).rows[0].n);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  formId = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '形状检查', formType: '0' })).json().formId;
  const design = await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: JSON.stringify(everyControlMeta()) });
  expect(design.json()).toMatchObject({ errCode: 0 });
  base = everyControlRecord({ file: '', image: '', signature: '' }, 1);
  const ok = await t.call(admin, 'POST', `/api/form/addformdata/${formId}`, base);
  expect(ok.json(), ok.body).toMatchObject({ errCode: 0 });
});
afterAll(() => t.close());

describe('addformdata and updateformdata with a value of the wrong shape', () => {
  it('refuses {}, [] and [1,2] in every field with a 400 naming it, and stores nothing', async () => {
    const before = await count();
    const id = (await t.sql.query(`select max(id) id from "form_${formId}"`)).rows[0].id;
    const fields = Object.keys(base);
    expect(fields.length).toBeGreaterThan(25);
    for (const field of fields) {
      for (const bad of [{}, [], [1, 2]]) {
        const add = await t.call(admin, 'POST', `/api/form/addformdata/${formId}`, { ...base, [field]: bad });
        expect([field, JSON.stringify(bad), add.statusCode]).toEqual([field, JSON.stringify(bad), 400]);
        expect(add.json().errMsg).toMatch(/的数据格式不正确/);
        expect(add.json().errors?.[0]?.model).toBeTruthy();
        const upd = await t.call(admin, 'POST', `/api/form/updateformdata/${formId}`, { id: String(id), [field]: bad });
        expect([field, upd.statusCode]).toEqual([field, 400]);
      }
    }
    expect(await count()).toBe(before);
    // The field is named: 名称 is f_input's control.
    const named = await t.call(admin, 'POST', `/api/form/addformdata/${formId}`, { ...base, f_input: { $ne: 1 } });
    expect(named.json().errMsg).toBe('名称的数据格式不正确');
  });

  it('refuses an id that is not one positive integer', async () => {
    const id = Number((await t.sql.query(`select max(id) id from "form_${formId}"`)).rows[0].id);
    for (const bad of [[id], { id }, [id, id], '0', '-1', '1.5', '1e3', true]) {
      const res = await t.call(admin, 'POST', `/api/form/updateformdata/${formId}`, { id: bad, f_input: '改' });
      expect([JSON.stringify(bad), res.statusCode, res.json().errMsg]).toEqual([JSON.stringify(bad), 400, 'id 不合法']);
    }
    const version = await t.call(admin, 'POST', `/api/form/updateformdata/${formId}`, { id, version: [1], f_input: '改' });
    expect(version.statusCode).toBe(400);
    const sub = await t.call(admin, 'POST', `/api/form/addsubformdata/${formId}/items`, { parentId: [id] });
    expect([sub.statusCode, sub.json().errMsg]).toEqual([400, '请先填写父表单数据并提交']);
    expect((await t.sql.query(`select f_input from "form_${formId}" where id = $1`, [id])).rows[0].f_input).toBe('东区储罐巡检');
  });
});

describe('a malformed query condition', () => {
  it('is a 400, never dropped into an unfiltered list', async () => {
    const list = (queryConditions: unknown) =>
      t.call(admin, 'POST', '/api/form/queryFormDataByConditions', { formId, pageNum: 1, pageSize: 10, queryConditions });
    const malformed: unknown[] = [
      [{ key: 'f_date', type: '$in', value: ['2026-01-01', '2026-12-31'] }],
      [{ key: 'f_number', type: '$in', value: [1, 100] }],
      [{ key: 'f_input', type: '$eq', value: { $ne: '' } }],
      [{ key: 'f_input', type: '$eq', value: ['a', 'b'] }],
      [{ key: 'f_date', type: '$in', bvalue: { a: 1 } }],
      ['f_input'],
      [{ key: 'f_input', type: '$regex', value: '.*' }],
    ];
    for (const q of malformed) {
      const res = await list(q);
      expect([JSON.stringify(q), res.statusCode]).toEqual([JSON.stringify(q), 400]);
      expect(res.json().errMsg).toMatch(/查询条件|匹配类型/);
    }
    // A proper range still works.
    const ok = await list([{ key: 'f_date', type: '$in', bvalue: '2026-01-01', evalue: '2026-12-31' }]);
    expect(ok.json()).toMatchObject({ errCode: 0, totalCount: 1 });
  });
});

describe('a body with far more keys than the form has fields (issue 35 §4)', () => {
  it('is refused with 400 提交的字段过多 by every record call, before anything is written', async () => {
    const before = await count();
    const id = String((await t.sql.query(`select max(id) id from "form_${formId}"`)).rows[0].id);
    const version = (await t.sql.query(`select version from "form_${formId}" where id = $1`, [id])).rows[0].version;
    const junk: Record<string, string> = {};
    for (let i = 0; i < 50_000; i++) junk[`k${i}`] = '';
    const refused = { errCode: 400, errMsg: '提交的字段过多' };
    for (const [url, body] of [
      [`/api/form/addformdata/${formId}`, { ...base, ...junk }],
      [`/api/form/updateformdata/${formId}`, { ...junk, id }],
      [`/api/form/addpcformdata/${formId}`, { parent: { ...base, ...junk } }],
      [`/api/form/startformflow/${formId}`, { ...base, ...junk }],
    ] as const) {
      const res = await t.call(admin, 'POST', url, body);
      expect([url, res.statusCode, res.json()]).toEqual([url, 400, expect.objectContaining(refused)]);
    }
    expect(await count()).toBe(before);
    expect((await t.sql.query(`select version from "form_${formId}" where id = $1`, [id])).rows[0].version).toBe(version);
    // A handful of unknown keys is still ignored, as documented.
    const some: Record<string, string> = {};
    for (let i = 0; i < 20; i++) some[`extra${i}`] = 'x';
    expect((await t.call(admin, 'POST', `/api/form/addformdata/${formId}`, { ...base, ...some })).json()).toMatchObject({ errCode: 0 });
  });
});
