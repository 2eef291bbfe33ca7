import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { ensureCompany } from '../../../test/companies.ts';
import { grantForm } from '../../../test/formGrants.ts';
import { multipart } from '../../../test/multipart.ts';
import { jpeg, pdf, png } from '../../../test/sampleFiles.ts';
import { everyControlMeta, everyControlRecord } from '../../../test/sampleForm.ts';

let t: TestApp;
let admin: string;
let formId: number;
let files: { file: string; image: string; signature: string };

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function postForm(cookie: string, url: string, fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
  });
}

async function upload(name: string, data: Buffer): Promise<string> {
  const body = multipart([{ name: 'file', filename: name, data }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/file/upload',
    headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest', 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return String(res.json().datas[0].fileId);
}

async function row(table: string, id: number) {
  return (await t.sql.query(`select * from "${table}" where id = $1`, [id])).rows[0];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const created = await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '储罐巡检记录', formType: '0' });
  formId = created.json().formId;
  const design = await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: JSON.stringify(everyControlMeta()) });
  expect(design.json()).toMatchObject({ errCode: 0 });
  expect(design.json().createdTables).toEqual([`form_${formId}`, `form_${formId}__items`, `form_${formId}__fixes`]);
  files = {
    file: `${await upload('巡检报告.pdf', pdf())},${await upload('现场.png', png())}`,
    image: await upload('照片.jpg', jpeg()),
    signature: await upload('签名.png', png([0, 0, 0])),
  };
});
afterAll(() => t.close());

describe('a form with every control type', () => {
  let id: number;

  it('stores each control in its own shape, in real columns', async () => {
    const res = await postForm(admin, `/api/form/addformdata/${formId}`, everyControlRecord(files, 1));
    expect(res.json()).toMatchObject({ errCode: 0 });
    id = res.json().businessId;
    const r = await row(`form_${formId}`, id);
    expect(r.f_switch).toBe('0');
    expect(r.f_checkbox).toBe('a,b');
    expect(r.f_mselect).toBe('a,c');
    expect(JSON.parse(r.f_m_org)).toEqual([{ k: '2', v: '安全监管科' }, { k: '3', v: '应急管理办' }]);
    expect([r.province, r.province_code, r.city, r.city_code, r.area, r.area_code]).toEqual([
      '湖北省', '420000', '宜昌市', '420500', '西陵区', '420502',
    ]);
    expect([r.lat, r.lng, r.address]).toEqual(['30.7', '111.29', '湖北省宜昌市西陵区发展大道']);
    expect([r.f_org, r.f_org_label]).toEqual(['2', '安全监管科']);
    expect(r.f_number).toBe('12.5');
    // The calculated field is recomputed on the server: 12.5 + 7.
    expect(Number(r.f_total)).toBe(19.5);
    expect(r.f_date).toBe('2026-11-21');
    expect(r.f_datetime).toBe('2026-11-21 08:30:00');
    expect(r.f_files).toBe(files.file);
    expect(r.f_in_grid).toBe('栅格里的值');
    expect(Number(r.create_by)).toBe(1);
    expect(Number(r.version)).toBe(1);
    // Uploaded files are now referenced by the record.
    const refs = await t.sql.query('select count(*)::int n from sys_file_ref where form_id = $1 and record_id = $2', [formId, id]);
    expect(refs.rows[0].n).toBe(4);
  });

  it('stores switch off as 1, and an empty switch as 1', async () => {
    const off = await postForm(admin, `/api/form/addformdata/${formId}`, { ...everyControlRecord(files, 1), f_switch: '1' });
    const empty = await postForm(admin, `/api/form/addformdata/${formId}`, { ...everyControlRecord(files, 1), f_switch: '' });
    expect((await row(`form_${formId}`, off.json().businessId)).f_switch).toBe('1');
    expect((await row(`form_${formId}`, empty.json().businessId)).f_switch).toBe('1');
  });

  it('reads a record back, raw and in the editor shape', async () => {
    const res = await t.call(admin, 'GET', `/api/form/getformdatabyid?formId=${formId}&businessId=${id}`);
    const { data, formData } = res.json();
    expect(data).toMatchObject({ id, f_input: '东区储罐巡检', f_number: 12.5, f_switch: '0', version: 1 });
    expect(data.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(formData.f_org).toMatchObject({ id: '2', label: '安全监管科' });
  });

  it('updates with the current version and refuses a stale one with 409', async () => {
    const ok = await postForm(admin, `/api/form/updateformdata/${formId}`, { id: String(id), version: '1', f_input: '东区储罐巡检（复查）' });
    expect(ok.json()).toMatchObject({ errCode: 0, version: 2 });
    const stale = await postForm(admin, `/api/form/updateformdata/${formId}`, { id: String(id), version: '1', f_input: '覆盖' });
    expect(stale.statusCode).toBe(409);
    expect((await row(`form_${formId}`, id)).f_input).toBe('东区储罐巡检（复查）');
  });

  it('ignores system fields and fields outside the design', async () => {
    const res = await postForm(admin, `/api/form/addformdata/${formId}`, {
      ...everyControlRecord(files, 1),
      id: '999999',
      company_id: '77',
      create_by: '42',
      version: '9',
      not_in_design: 'x',
    });
    const r = await row(`form_${formId}`, res.json().businessId);
    expect(Number(r.id)).not.toBe(999999);
    expect(r.company_id).toBeNull();
    expect(Number(r.create_by)).toBe(1);
    expect(Number(r.version)).toBe(1);
    expect(r.not_in_design).toBeUndefined();
  });

  it('queries with conditions, sorting and paging', async () => {
    const res = await t.call(admin, 'POST', '/api/form/queryFormDataByConditions', {
      formId,
      pageNum: 1,
      pageSize: 2,
      queryConditions: [
        { key: 'f_input', type: '$like', value: '储罐' },
        { key: 'f_checkbox', type: '$all', value: 'a,b' },
        { key: 'f_date', type: '$in', bvalue: '2026-11-01', evalue: '2026-11-30' },
      ],
      sort: { key: 'f_number', sort: 'desc' },
    });
    expect(res.json()).toMatchObject({ errCode: 0, totalCount: 4, totalCountKind: 'exact' });
    expect(res.json().datas).toHaveLength(2);
  });

  it('deletes records and keeps the deleted rows in the operation log', async () => {
    const extra = await postForm(admin, `/api/form/addformdata/${formId}`, everyControlRecord(files, 1));
    const victim = extra.json().businessId;
    const res = await t.call(admin, 'GET', `/api/form/batchdeleteformdata/${formId}?businessIds=${victim}`);
    expect(res.json()).toMatchObject({ errCode: 0, deleted: 1 });
    expect(await row(`form_${formId}`, victim)).toBeUndefined();
    const log = await t.sql.query(`select detail from sys_operation_log where action = '删除表单数据' order by id desc limit 1`);
    expect(log.rows[0].detail[0]).toMatchObject({ f_input: '东区储罐巡检' });
  });

  it('writes a form event for every insert, update and delete', async () => {
    const events = await t.sql.query('select op, count(*)::int n from form_event where form_id = $1 group by op order by op', [formId]);
    expect(Object.fromEntries(events.rows.map((r) => [r.op, r.n]))).toMatchObject({ delete: 1, insert: 5, update: 1 });
  });
});

describe('design changes', () => {
  it('keeps the column and data of a removed control while adding new ones', async () => {
    const meta = everyControlMeta() as { list: Array<Record<string, unknown>> };
    meta.list = meta.list.filter((c) => c.model !== 'f_textarea');
    meta.list.push({ type: 'input', name: '新增一', key: 'new_1', model: 'f_new_one', options: {} });
    meta.list.push({ type: 'number', name: '新增二', key: 'new_2', model: 'f_new_two', options: {} });
    const res = await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: meta });
    expect(res.json().addedColumns).toEqual([`form_${formId}.f_new_one`, `form_${formId}.f_new_two`]);
    const kept = await t.sql.query(`select count(*)::int n from "form_${formId}" where f_textarea = '第一行\n第二行'`);
    expect(kept.rows[0].n).toBeGreaterThan(0);
  });
});

describe('bad input gets a clear 4xx and changes nothing', () => {
  const countRows = async () => (await t.sql.query(`select count(*)::int n from "form_${formId}"`)).rows[0].n as number;

  it('refuses SQL in a model name and in a subKey, naming the control', async () => {
    const bad = { list: [{ type: 'input', name: '坏字段', key: 'k1', model: 'x"; drop table sys_user; --', options: {} }] };
    const res = await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().errMsg).toContain('坏字段');
    const badSub = { list: [{ type: 'table', name: '坏子表', key: 'k2', model: 'a;drop', options: {}, tableColumns: [] }] };
    const sub = await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: badSub });
    expect(sub.statusCode).toBe(400);
    expect(sub.json().errMsg).toContain('坏子表');
    expect((await t.sql.query(`select count(*)::int n from sys_user`)).rows[0].n).toBeGreaterThan(0);
  });

  it('refuses an unknown control type and a duplicate model', async () => {
    const unknown = await t.call(admin, 'POST', '/api/form/saveformdesign', {
      formId,
      formMeta: { list: [{ type: 'rocket', name: '火箭', key: 'r', model: 'r', options: {} }] },
    });
    expect(unknown.statusCode).toBe(400);
    const dup = await t.call(admin, 'POST', '/api/form/saveformdesign', {
      formId,
      formMeta: { list: [{ type: 'input', name: '甲', key: 'a', model: 'same', options: {} }, { type: 'input', name: '乙', key: 'b', model: 'same', options: {} }] },
    });
    expect(dup.statusCode).toBe(400);
  });

  const query = (body: Record<string, unknown>) =>
    t.call(admin, 'POST', '/api/form/queryFormDataByConditions', { formId, pageNum: 1, pageSize: 10, ...body });

  it('refuses SQL in a sort field, a match type and an unknown condition key; values stay data', async () => {
    expect((await query({ sort: { key: 'id; drop table x', sort: 'asc' } })).statusCode).toBe(400);
    expect((await query({ sort: { key: 'id', sort: 'asc; drop table x' } })).statusCode).toBe(400);
    expect((await query({ queryConditions: [{ key: 'f_input', type: "$eq' or '1'='1", value: 'x' }] })).statusCode).toBe(400);
    const unknownKey = await query({ queryConditions: [{ key: 'password_hash', type: '$eq', value: 'x' }] });
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.json().errMsg).toContain('查询条件字段不存在');
    const inValue = await query({ queryConditions: [{ key: 'f_input', type: '$eq', value: "x' or '1'='1" }] });
    expect(inValue.json()).toMatchObject({ errCode: 0, totalCount: 0 });
  });

  it('refuses a 10,000-element $all', async () => {
    const value = Array.from({ length: 10_000 }, (_, i) => `v${i}`).join(',');
    const res = await query({ queryConditions: [{ key: 'f_checkbox', type: '$all', value }] });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a string in a number field, a date that does not exist, and a fourth file', async () => {
    const before = await countRows();
    const base = everyControlRecord(files, 1);
    const notNumber = await postForm(admin, `/api/form/addformdata/${formId}`, { ...base, f_number: '十二' });
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json().errMsg).toMatch(/数量/);
    const badDate = await postForm(admin, `/api/form/addformdata/${formId}`, { ...base, f_date: '2026-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errMsg).toMatch(/日期/);
    const extraFiles = [await upload('a.pdf', pdf('a')), await upload('b.pdf', pdf('b'))];
    const four = await postForm(admin, `/api/form/addformdata/${formId}`, { ...base, f_files: `${files.file},${extraFiles.join(',')}` });
    expect(four.statusCode).toBe(400);
    expect(four.json().errMsg).toMatch(/3/);
    const range = await postForm(admin, `/api/form/addformdata/${formId}`, { ...base, f_number: '1001' });
    expect(range.json().errMsg).toBe('请输入0到1000之间的数字');
    expect(await countRows()).toBe(before);
  });

  it('refuses a record id of another company', async () => {
    await ensureCompany(t.sql, 101);
    await t.sql.query(
      `insert into sys_user (username, password_hash, real_name, user_type, company_id)
       select 'corp_a', password_hash, '企业甲', 1, 101 from sys_user where username = 'admin'`,
    );
    const corp = await t.login('corp_a');
    const corpId = (await t.sql.query(`select id from sys_user where username = 'corp_a'`)).rows[0].id;
    await grantForm(t, corpId, formId);
    const mine = await postForm(corp, `/api/form/addformdata/${formId}`, {
      ...everyControlRecord({ file: '', image: '', signature: '' }, Number(corpId)),
      f_current_user_label: '企业甲',
    });
    // A company user's record belongs to their company, and their company picker is forced to it.
    const created = await row(`form_${formId}`, mine.json().businessId);
    expect(Number(created.company_id)).toBe(101);
    expect(created.f_company).toBe('101');
    // A record without files is written in one statement, with its event and log row.
    const ev = await t.sql.query(`select op, after->>'f_input' v from form_event where form_id = $1 and record_id = $2`, [formId, created.id]);
    expect(ev.rows).toEqual([{ op: 'insert', v: '东区储罐巡检' }]);
    const log = await t.sql.query(`select username, module from sys_operation_log where action = '新增表单数据' and target_id = $1`, [String(created.id)]);
    expect(log.rows).toEqual([{ username: 'corp_a', module: '表单' }]);
    const adminRecord = (await t.sql.query(`select min(id) id from "form_${formId}" where company_id is null`)).rows[0].id;
    expect((await t.call(corp, 'GET', `/api/form/getformdatabyid?formId=${formId}&businessId=${adminRecord}`)).statusCode).toBe(404);
    const upd = await postForm(corp, `/api/form/updateformdata/${formId}`, { id: String(adminRecord), f_input: '篡改' });
    expect(upd.statusCode).toBe(404);
    await t.call(corp, 'GET', `/api/form/batchdeleteformdata/${formId}?businessIds=${adminRecord}`);
    expect(await row(`form_${formId}`, Number(adminRecord))).toBeDefined();
    const list = await t.call(corp, 'POST', '/api/form/queryFormDataByConditions', { formId, pageNum: 1, pageSize: 50 });
    expect(list.json().datas.every((d: { company_id: number }) => d.company_id === 101)).toBe(true);
  });

  it('answers a form without a design with the spec message', async () => {
    const empty = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '空表单' })).json().formId;
    const res = await t.call(admin, 'GET', `/api/form/formconf/getbyid/${empty}`);
    expect(res.json().errMsg).toBe(`表单ID(${empty}): 暂未进行相关的表单设计`);
  });
});

describe('sub-tables', () => {
  let parentId: number;
  beforeAll(async () => {
    parentId = (await postForm(admin, `/api/form/addformdata/${formId}`, everyControlRecord(files, 1))).json().businessId;
  });

  it('refuses an empty, zero or unknown parent id', async () => {
    for (const p of ['', '0', '987654']) {
      const res = await postForm(admin, `/api/form/addsubformdata/${formId}/items`, { parentId: p, item_name: '阀门' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errMsg).toBe('请先填写父表单数据并提交');
    }
  });

  it('adds, lists, updates and deletes rows of a sub-table', async () => {
    const add = await postForm(admin, `/api/form/addsubformdata/${formId}/items`, { parentId: String(parentId), item_name: '阀门', score: '8' });
    const rowId = add.json().businessId;
    const batch = await t.call(admin, 'POST', `/api/form/batchaddsubformdata/${formId}/items`, {
      parentId,
      subDatas: [{ item_name: '管线', score: 9 }, { item_name: '仪表', score: 7 }],
    });
    expect(batch.json().businessIds).toHaveLength(2);
    const list = await t.call(admin, 'GET', `/api/form/querysubformdata/${formId}/items?parentId=${parentId}&pageNum=1&pageSize=5`);
    expect(list.json().totalCount).toBe(3);
    const upd = await postForm(admin, `/api/form/updatesubformdata/${formId}/items`, { id: String(rowId), item_name: '阀门（已修）' });
    expect(upd.json().errCode).toBe(0);
    const one = await t.call(admin, 'GET', `/api/form/getsubformdatabyid/${formId}/items?businessId=${rowId}`);
    expect(one.json().data.item_name).toBe('阀门（已修）');
    const del = await t.call(admin, 'GET', `/api/form/batchdeletesubformdata/${formId}/items?businessIds=${rowId}`);
    expect(del.json().deleted).toBe(1);
    const bad = await t.call(admin, 'POST', `/api/form/batchaddsubformdata/${formId}/items`, {
      parentId,
      subDatas: [{ item_name: '好的' }, { score: 1 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errMsg).toMatch(/第2行/);
    const after = await t.call(admin, 'GET', `/api/form/querysubformdata/${formId}/items?parentId=${parentId}`);
    expect(after.json().totalCount).toBe(2);
  });

  it('adds a parent and its children in one transaction, 50 times in parallel', async () => {
    const before = await t.sql.query(`select (select count(*) from "form_${formId}")::int p, (select count(*) from "form_${formId}__items")::int c, (select count(*) from form_event)::int e`);
    const body = {
      parent: everyControlRecord({ file: '', image: '', signature: '' }, 1),
      child: [{ subKey: 'items', subDatas: [{ item_name: '一' }, { item_name: '二' }, { item_name: '三' }] }],
    };
    const results = await Promise.all(Array.from({ length: 50 }, () => t.call(admin, 'POST', `/api/form/addpcformdata/${formId}`, body)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const after = await t.sql.query(`select (select count(*) from "form_${formId}")::int p, (select count(*) from "form_${formId}__items")::int c, (select count(*) from form_event)::int e`);
    expect(after.rows[0].p - before.rows[0].p).toBe(50);
    expect(after.rows[0].c - before.rows[0].c).toBe(150);
    expect(after.rows[0].e - before.rows[0].e).toBe(200);
  });

  it('leaves no parent behind when a child is invalid', async () => {
    const before = (await t.sql.query(`select count(*)::int n from "form_${formId}"`)).rows[0].n;
    const res = await t.call(admin, 'POST', `/api/form/addpcformdata/${formId}`, {
      parent: everyControlRecord({ file: '', image: '', signature: '' }, 1),
      child: [{ subKey: 'items', subDatas: [{ item_name: '好' }, { score: 3 }] }],
    });
    expect(res.statusCode).toBe(400);
    expect((await t.sql.query(`select count(*)::int n from "form_${formId}"`)).rows[0].n).toBe(before);
  });
});
