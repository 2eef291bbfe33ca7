import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { addUser } from '../admin/testHelpers.ts';
import { addRecord, createForm, flow, vehicleMeta } from './testSupport.ts';

/*
 * The designer's own calls (issue 19): 流程管理's list with each flow's last run and the failures
 * of the last day; delete refused while executions wait or run; who a recipient rule names for a
 * real record; user names for the dry run. Executions are arranged in SQL (the engine is not run).
 */
let t: TestApp;
let admin: string;
let vehicle: number;
const q = async (text: string, params: unknown[] = []) => (await t.sql.query(text, params)).rows;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  vehicle = await createForm(t, admin, '设计器车辆', vehicleMeta());
});
afterAll(() => t.close());

const message = (recipient: Record<string, unknown>) => ({ conf: { actionType: 'msgTask', title: 't', content: 'c', menuUrl: '/home', recipient } });

async function saveFlow(name: string): Promise<number> {
  const res = await t.call(admin, 'POST', '/api/automation/flow/save', { flowName: name, nodeConfig: flow(vehicle, 'insert', [message({ type: 3 })]) });
  expect(res.json()).toMatchObject({ errCode: 0 });
  return res.json().id as number;
}

async function execution(flowId: number, status: string, hoursAgo = 0): Promise<void> {
  await q(
    `insert into auto_execution (flow_id, version_id, event_id, form_id, record_id, event, status, create_time)
     select f.id, f.version_id, (select coalesce(max(event_id), 0) + 1 from auto_execution), f.form_id, 1, 'insert', $2, now() - $3 * interval '1 hour'
     from auto_flow f where f.id = $1`,
    [flowId, status, hoursAgo],
  );
}

describe('流程管理 list', () => {
  it('gives each flow its last run and its failures of the last 24 hours', async () => {
    const busy = await saveFlow('列表-有执行');
    const idle = await saveFlow('列表-未执行');
    await execution(busy, 'failed', 30);
    await execution(busy, 'failed', 2);
    await execution(busy, 'success', 1);
    const res = (await t.call(admin, 'GET', '/api/automation/designer/flows?pageNum=1&pageSize=10&flowName=列表-')).json();
    expect(res.totalCount).toBe(2);
    const byName = Object.fromEntries(res.datas.map((r: { flowName: string }) => [r.flowName, r]));
    expect(byName['列表-有执行']).toMatchObject({ id: busy, formName: '设计器车辆', event: 'insert', status: 1, version: 1, lastRunStatus: 'success', failedLastDay: 1 });
    expect(byName['列表-有执行'].lastRunTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(byName['列表-未执行']).toMatchObject({ id: idle, lastRunTime: null, lastRunStatus: null, failedLastDay: 0 });
  });
});

describe('delete', () => {
  it('is refused while an execution waits or runs, and works once none does', async () => {
    const id = await saveFlow('删除-运行中');
    await execution(id, 'running');
    const refused = await t.call(admin, 'GET', `/api/automation/designer/delete/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errMsg: '该自动化有正在执行的记录，请等执行结束后再删除' });
    expect((await q(`select deleted from auto_flow where id = $1`, [id]))[0].deleted).toBe(false);
    await q(`update auto_execution set status = 'success' where flow_id = $1`, [id]);
    expect((await t.call(admin, 'GET', `/api/automation/designer/delete/${id}`)).json()).toMatchObject({ errCode: 0 });
    expect((await q(`select deleted, status from auto_flow where id = $1`, [id]))[0]).toEqual({ deleted: true, status: 0 });
    expect((await t.call(admin, 'GET', `/api/automation/designer/delete/${id}`)).statusCode).toBe(404);
  });
});

describe('recipient preview', () => {
  it('names who a rule reaches for a real record, and refuses a user without the grant', async () => {
    const reviewer = await addUser(t, admin, 'preview_reviewer');
    const record = await addRecord(t, admin, vehicle, { plate_no: '鄂P0001', is_hazard: '是', reviewer: String(reviewer.id) });
    const preview = async (recipient: Record<string, unknown>) =>
      (await t.call(admin, 'POST', '/api/automation/designer/recipientPreview', { formId: vehicle, businessId: record, recipient })).json();
    expect(await preview({ type: 4, model: 'reviewer' })).toMatchObject({ errCode: 0, error: null, receivers: [{ id: reviewer.id, username: 'preview_reviewer' }] });
    expect(await preview({ type: 3 })).toMatchObject({ receivers: [{ id: 1, realName: '系统管理员' }] });
    expect((await preview({ type: 9, conditions: [{ key: 'is_hazard', opt: '$eq', value: '否' }], person: [{ id: 1, type: 1 }] })).receivers).toEqual([]);
    expect((await t.call(admin, 'POST', '/api/automation/designer/recipientPreview', { formId: vehicle, businessId: 999999, recipient: { type: 3 } })).statusCode).toBe(404);
    expect((await t.call(admin, 'POST', '/api/automation/designer/recipientPreview', { formId: vehicle, businessId: record, recipient: { type: 12 } })).statusCode).toBe(400);

    const names = (await t.call(admin, 'GET', `/api/automation/designer/users?ids=${reviewer.id},1,424242`)).json();
    expect(names.users.map((u: { id: number }) => u.id)).toEqual([reviewer.id, 1]);

    const plain = await addUser(t, admin, 'preview_plain');
    const session = await t.login('preview_plain', plain.password);
    expect((await t.call(session, 'GET', '/api/automation/designer/flows')).statusCode).toBe(403);
    expect((await t.call(session, 'POST', '/api/automation/designer/recipientPreview', { formId: vehicle, businessId: record, recipient: { type: 3 } })).statusCode).toBe(403);
  });
});
