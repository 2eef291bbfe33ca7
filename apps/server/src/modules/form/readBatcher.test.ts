import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/testApp.ts';
import { ensureCompany } from '../../../test/companies.ts';
import { grantForm } from '../../../test/formGrants.ts';

let t: TestApp;
let admin: string;
let worker: string;
let formId: number;

const list = [
  { type: 'input', name: '名称', key: 'input_1', model: 'f_name', options: {}, rules: [] },
  { type: 'number', name: '数量', key: 'number_1', model: 'f_qty', options: {}, rules: [] },
];

function add(cookie: string, fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/form/addformdata/${formId}`,
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

const get = (cookie: string, id: string | number) => t.call(cookie, 'GET', `/api/form/getformdatabyid?formId=${formId}&businessId=${id}`);
const reads = () => ({ ...t.booted.ctx.records.reads.stats });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await ensureCompany(t.sql, 101);
  const u = await t.sql.query(
    `insert into sys_user (username, password_hash, real_name, user_type, company_id)
     select 'read_worker', password_hash, '巡检员', 1, 101 from sys_user where username = 'admin' returning id`,
  );
  worker = await t.login('read_worker', ADMIN_PASSWORD);
  formId = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '批量读取', formType: '0' })).json().formId;
  const design = await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: JSON.stringify({ list, config: {} }) });
  expect(design.json()).toMatchObject({ errCode: 0 });
  await grantForm(t, u.rows[0].id, formId);
});
afterAll(() => t.close());

describe('concurrent reads by id share one statement', () => {
  it('answers each caller with its own record, within its own company', async () => {
    const mine = await Promise.all(Array.from({ length: 6 }, (_, i) => add(worker, { f_name: `企业${i}`, f_qty: String(i) })));
    const theirs = await Promise.all(Array.from({ length: 6 }, (_, i) => add(admin, { f_name: `园区${i}`, f_qty: String(10 + i) })));
    const mineIds = mine.map((r) => String(r.json().businessId));
    const theirIds = theirs.map((r) => String(r.json().businessId));
    const before = reads();
    const calls = [
      ...mineIds.map((id, i) => ({ who: worker, id, expect: `企业${i}` })),
      ...theirIds.map((id, i) => ({ who: admin, id, expect: `园区${i}` })),
      ...mineIds.map((id, i) => ({ who: admin, id, expect: `企业${i}` })),
      // A company user asking for the park's records, and anyone asking for a record that does not exist.
      ...theirIds.map((id) => ({ who: worker, id, expect: null })),
      { who: admin, id: '999999999', expect: null },
    ];
    const res = await Promise.all(calls.map((c) => get(c.who, c.id)));
    res.forEach((r, i) => {
      const c = calls[i]!;
      if (c.expect === null) expect(r.statusCode).toBe(404);
      else {
        expect(r.json()).toMatchObject({ errCode: 0, data: { id: Number(c.id), f_name: c.expect }, formData: { f_name: c.expect } });
      }
    });
    const after = reads();
    expect(after.reads - before.reads).toBe(calls.length);
    // Carried by a few statements (one per company scope and turn), not one per call.
    expect(after.statements - before.statements).toBeLessThan(calls.length);
  });

  it('still answers after the table changed under a prepared statement', async () => {
    const id = String((await add(admin, { f_name: '变更前', f_qty: '1' })).json().businessId);
    expect((await get(admin, id)).json().data.f_name).toBe('变更前');
    // As another instance saving a design would do, before this one hears of it.
    await t.sql.query(`alter table form_${formId} add column f_extra text`);
    const again = await get(admin, id);
    expect(again.json()).toMatchObject({ errCode: 0, data: { f_name: '变更前', f_extra: null } });
    // And after a design saved here, the new control's column is read too.
    const next = [...list, { type: 'input', name: '备注', key: 'input_9', model: 'f_memo', options: {}, rules: [] }];
    expect((await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: JSON.stringify({ list: next, config: {} }) })).json()).toMatchObject({ errCode: 0 });
    const withMemo = String((await add(admin, { f_name: '变更后', f_memo: '新列' })).json().businessId);
    expect((await get(admin, withMemo)).json()).toMatchObject({ data: { f_name: '变更后', f_memo: '新列' }, formData: { f_memo: '新列' } });
  });
});

describe('ids drawn ahead for inserts', () => {
  it('stay unique when another session draws from the same sequence in between', async () => {
    const first = await Promise.all(Array.from({ length: 10 }, (_, i) => add(admin, { f_name: `序列甲${i}` })));
    await t.sql.query(`select nextval(pg_get_serial_sequence('form_${formId}', 'id')) from generate_series(1, 200)`);
    const second = await Promise.all(Array.from({ length: 80 }, (_, i) => add(worker, { f_name: `序列乙${i}` })));
    const ids = [...first, ...second].map((r) => {
      expect(r.json()).toMatchObject({ errCode: 0 });
      return String(r.json().businessId);
    });
    expect(new Set(ids).size).toBe(90);
    const stored = (await t.sql.query(`select id, f_name from form_${formId} where f_name like '序列%'`)).rows;
    expect(stored).toHaveLength(90);
    for (const [i, r] of second.entries()) {
      expect(stored.find((s) => String(s.id) === String(r.json().businessId))?.f_name).toBe(`序列乙${i}`);
    }
  });
});
