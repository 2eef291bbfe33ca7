import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAZMAT_VEHICLE_FORM_NAME } from '@park/core';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { seedDemoApproval } from '../../seeds/approval.ts';
import { seedDemoRoles } from '../../seeds/demoRoles.ts';

/*
 * An approver with no right on the form (the demo's 审批人) opens the task page: the record comes
 * through the approval (getformdatabypid), and so must its sub-table rows (form/recordViewers.ts);
 * the page said 您无权执行此操作 before. Whoever the approval does not concern still gets 403.
 */

let t: TestApp;
let formId: string;
let businessId: number;
let rowId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.booted.ctx.db.transaction().execute((trx) => seedDemoApproval(trx));
  await t.booted.ctx.db.transaction().execute((trx) => seedDemoRoles(trx));
  formId = String((await t.sql.query(`select id from form_conf where form_name = $1 order by id limit 1`, [HAZMAT_VEHICLE_FORM_NAME])).rows[0].id);
  const zhangsan = await t.login('zhangsan');
  const fields = { plate_no: '皖A44444', vehicle_type: '罐式货车', cargo_kind: '普通货物', rated_load: 40, actual_load: 10, driver_mobile: '13855101234', entry_date: '2026-12-02' };
  const started = (await t.call(zhangsan, 'POST', `/api/form/startformflow/${formId}`, { parent: fields, child: [{ subKey: 'goods_items', subDatas: [{ goods_name: '液碱' }] }] })).json();
  expect(started, JSON.stringify(started)).toMatchObject({ errCode: 0 });
  businessId = started.businessId;
  rowId = Number((await t.sql.query(`select id from "form_${formId}__goods_items" where parent_id = $1`, [businessId])).rows[0].id);
});
afterAll(() => t.close());

describe('sub-table rows on the task page of an approver without a form right', () => {
  it('lists and opens the rows for 李四, whose task waits', async () => {
    const lisi = await t.login('lisi');
    const list = await t.call(lisi, 'GET', `/api/form/querysubformdata/${formId}/goods_items?parentId=${businessId}&pageNum=1&pageSize=10`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().datas.map((r: { goods_name: string }) => r.goods_name)).toEqual(['液碱']);
    const one = await t.call(lisi, 'GET', `/api/form/getsubformdatabyid/${formId}/goods_items?businessId=${rowId}`);
    expect(one.statusCode, one.body).toBe(200);
    // Reading is all the approval gives: writing the rows still needs the form's rights.
    expect((await t.call(lisi, 'POST', `/api/form/addsubformdata/${formId}/goods_items`, { parentId: businessId, goods_name: '硫酸' })).statusCode).toBe(403);
  });

  it('refuses 王五, whom this light load never reaches, and any other record for 李四', async () => {
    const wangwu = await t.login('wangwu');
    expect((await t.call(wangwu, 'GET', `/api/form/querysubformdata/${formId}/goods_items?parentId=${businessId}&pageNum=1&pageSize=10`)).json()).toEqual({ errCode: 403, errMsg: '您无权执行此操作' });
    expect((await t.call(wangwu, 'GET', `/api/form/getsubformdatabyid/${formId}/goods_items?businessId=${rowId}`)).statusCode).toBe(403);
    const lisi = await t.login('lisi');
    expect((await t.call(lisi, 'GET', `/api/form/querysubformdata/${formId}/goods_items?parentId=${businessId + 1000}&pageNum=1&pageSize=10`)).statusCode).toBe(403);
    expect((await t.call(lisi, 'GET', `/api/form/querysubformdata/${formId}/goods_items?pageNum=1&pageSize=10`)).statusCode).toBe(403);
  });
});
