import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/testApp.ts';
import { ensureCompany } from '../../../test/companies.ts';
import { grantForm } from '../../../test/formGrants.ts';

let t: TestApp;
let admin: string;
let worker: string;
let workerId: number;
let formA: number;
let formB: number;

/** A plain two-field form: no files, so its inserts go through the batcher. */
async function createForm(name: string): Promise<number> {
  const created = await t.call(admin, 'POST', '/api/form/formconf/save', { formName: name, formType: '0' });
  const formId = created.json().formId as number;
  const list = [
    { type: 'input', name: '名称', key: 'input_1', model: 'f_name', options: {}, rules: [] },
    { type: 'input', name: '编号', key: 'input_2', model: 'f_code', options: {}, rules: [] },
  ];
  const design = await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: JSON.stringify({ list, config: {} }) });
  expect(design.json()).toMatchObject({ errCode: 0 });
  return formId;
}

function add(cookie: string, formId: number, fields: Record<string, string>, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/form/addformdata/${formId}`,
    remoteAddress: ip,
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

const stats = () => ({ ...t.booted.ctx.records.inserts.stats });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await ensureCompany(t.sql, 101);
  const u = await t.sql.query(
    `insert into sys_user (username, password_hash, real_name, user_type, company_id)
     select 'batch_worker', password_hash, '巡检员', 1, 101 from sys_user where username = 'admin' returning id`,
  );
  workerId = Number(u.rows[0].id);
  worker = await t.login('batch_worker', ADMIN_PASSWORD);
  formA = await createForm('批量写入甲');
  formB = await createForm('批量写入乙');
  await grantForm(t, workerId, formA);
  await grantForm(t, workerId, formB);
});
afterAll(() => t.close());

describe('concurrent addformdata share one statement', () => {
  it('writes 50 parallel inserts with their own row, event and log row', async () => {
    const before = stats();
    const who = (i: number) => (i % 2 === 0 ? { cookie: admin, userId: 1, companyId: null } : { cookie: worker, userId: workerId, companyId: '101' });
    const res = await Promise.all(
      Array.from({ length: 50 }, (_, i) => add(who(i).cookie, formA, { f_name: `记录${i}`, f_code: `C${i}` }, `10.0.0.${i + 1}`)),
    );
    const ids = res.map((r) => {
      expect(r.json()).toMatchObject({ errCode: 0 });
      return String(r.json().businessId);
    });
    expect(new Set(ids).size).toBe(50);
    const after = stats();
    // They were really carried by multi-row statements, not 50 single ones.
    expect(after.statements).toBeGreaterThan(before.statements);
    expect(after.rows - before.rows).toBeGreaterThan(1);
    expect(after.retried).toBe(before.retried);

    const rows = (await t.sql.query(`select * from form_${formA} where id = any($1)`, [ids])).rows;
    const events = (await t.sql.query(`select * from form_event where form_id = $1 and record_id = any($2)`, [formA, ids])).rows;
    const logs = (await t.sql.query(`select * from sys_operation_log where target_type = $1 and target_id = any($2)`, [`form:${formA}`, ids])).rows;
    expect([rows.length, events.length, logs.length]).toEqual([50, 50, 50]);
    ids.forEach((id, i) => {
      const { userId, companyId } = who(i);
      const row = rows.find((r) => String(r.id) === id)!;
      expect([row.f_name, row.f_code, Number(row.create_by), Number(row.update_by), row.company_id]).toEqual([
        `记录${i}`, `C${i}`, userId, userId, companyId,
      ]);
      const ev = events.find((e) => String(e.record_id) === id)!;
      expect([ev.op, ev.sub_key, Number(ev.actor_id), ev.after.f_name, String(ev.after.id)]).toEqual(['insert', null, userId, `记录${i}`, id]);
      const log = logs.find((l) => l.target_id === id)!;
      expect([Number(log.user_id), log.username, log.action, log.ip]).toEqual([
        userId, userId === 1 ? 'admin' : 'batch_worker', '新增表单数据', `10.0.0.${i + 1}`,
      ]);
    });
  });

  it('fails only the bad row of a batch, with the error it gets alone', async () => {
    await t.sql.query(`alter table form_${formA} add constraint f_name_not_bad check (f_name <> '坏值')`);
    const alone = await add(admin, formA, { f_name: '坏值' }, '10.0.1.1');
    expect(alone.json().errCode).not.toBe(0);
    const before = stats();
    const names = Array.from({ length: 12 }, (_, i) => (i === 5 ? '坏值' : `好值${i}`));
    const res = await Promise.all(names.map((n, i) => add(admin, formA, { f_name: n }, `10.0.1.${i + 2}`)));
    expect(stats().retried).toBe(before.retried + 1);
    res.forEach((r, i) => {
      if (i === 5) {
        expect(r.statusCode).toBe(alone.statusCode);
        expect(r.json()).toEqual(alone.json());
      } else expect(r.json()).toMatchObject({ errCode: 0 });
    });
    const ids = res.filter((_, i) => i !== 5).map((r) => String(r.json().businessId));
    const stored = (await t.sql.query(`select id, f_name from form_${formA} where f_name like '好值%' or f_name = '坏值'`)).rows;
    expect(stored.map((r) => String(r.id)).sort()).toEqual([...ids].sort());
    const logs = (await t.sql.query(`select target_id, ip from sys_operation_log where target_id = any($1)`, [ids])).rows;
    expect(logs).toHaveLength(11);
    const events = (await t.sql.query(`select 1 from form_event where form_id = $1 and record_id = any($2)`, [formA, ids])).rows;
    expect(events).toHaveLength(11);
    await t.sql.query(`alter table form_${formA} drop constraint f_name_not_bad`);
  });

  it('never mixes forms: each row lands in its own table with its own event and log', async () => {
    const res = await Promise.all(
      Array.from({ length: 20 }, (_, i) => add(i % 3 ? worker : admin, i % 2 ? formB : formA, { f_name: `混合${i}` }, `10.0.2.${i + 1}`)),
    );
    for (const [i, r] of res.entries()) {
      expect(r.json()).toMatchObject({ errCode: 0 });
      const formId = i % 2 ? formB : formA;
      const id = String(r.json().businessId);
      const row = (await t.sql.query(`select f_name, create_by from form_${formId} where id = $1`, [id])).rows[0];
      expect([row.f_name, Number(row.create_by)]).toEqual([`混合${i}`, i % 3 ? workerId : 1]);
      const ev = (await t.sql.query(`select after from form_event where form_id = $1 and record_id = $2`, [formId, id])).rows;
      expect(ev.map((e) => e.after.f_name)).toEqual([`混合${i}`]);
      const log = (await t.sql.query(`select target_type, ip from sys_operation_log where target_id = $1 and target_type like 'form:%'`, [id])).rows;
      expect(log).toContainEqual({ target_type: `form:${formId}`, ip: `10.0.2.${i + 1}` });
    }
    const counts = (await t.sql.query(
      `select (select count(*) from form_${formA} where f_name like '混合%') a, (select count(*) from form_${formB} where f_name like '混合%') b`,
    )).rows[0];
    expect([Number(counts.a), Number(counts.b)]).toEqual([10, 10]);
  });
});
