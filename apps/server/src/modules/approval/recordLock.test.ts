import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_TEXT } from '@park/core';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { grantForm } from '../../../test/formGrants.ts';
import { createForm, flow, ledgerMeta, runAll, testEngine, vehicleMeta } from '../automation/testSupport.ts';
import { SKIPPED_UNDER_APPROVAL } from '../form/records.service.ts';
import { approvalWorld, approver, postTask, statusOf, supervisor, taskOf, type ApprovalWorld } from './testSupport.ts';

/*
 * Issue 35 §1 (ADR 0026): a record whose approval runs keeps the values its approvers decide on.
 * Every record call, for every actor: the initiator, another user with the form's edit and delete
 * rights, the approver through the task, the initiator after a 退回 to them, and anyone once the
 * approval ended (approved, rejected) or was withdrawn. The form has a sub-table, so its rows'
 * calls are covered too.
 */

let t: TestApp;
let w: ApprovalWorld;
let ledger: number;

const LOCKED_EDIT = { errCode: 409, errMsg: APPROVAL_TEXT.lockedEdit };
const LOCKED_DELETE = { errCode: 409, errMsg: APPROVAL_TEXT.lockedDelete };

beforeAll(async () => {
  t = await createTestApp();
  w = await approvalWorld(t);
  ledger = await createForm(t, w.admin, '审批锁定台账', ledgerMeta());
  await grantForm(t, w.ids.clerk, ledger, ['add', 'edit', 'view', 'delete']);
  await grantForm(t, w.ids.other, ledger, ['add', 'edit', 'view', 'delete']);
  // The approver may edit and delete the form's records too: their ordinary calls are refused like anyone's.
  await grantForm(t, w.ids.chief, ledger, ['edit', 'view', 'delete']);
  // 发起人 → 科长审批 (the clerk's supervisor, who may set 来源) → 主任审批.
  const tree = { nodeId: 'start', nodeName: '发起人', type: 0, childNode: approver('科长审批', supervisor(1), { approveItems: ['source'] }, approver('主任审批', { type: 1, person: [{ id: Number(w.ids.director), name: '赵主任', type: 1 }], role: [], orgAndRole: [], dyncUserAndRole: [], dyncOrgAndRole: [], conditions: [] })) };
  const modelId = (await t.call(w.admin, 'GET', `/api/flow/flowconf/createmodel?formId=${ledger}&formName=x`)).json().modelId as number;
  expect((await t.call(w.admin, 'POST', '/api/flow/flowconf/save', { modelId, nodeConfig: tree })).json().errCode).toBe(0);
  expect((await t.call(w.admin, 'GET', `/api/flow/deployprocessdef?modelId=${modelId}`)).json().errCode).toBe(0);
});
afterAll(() => t.close());

type Who = keyof ApprovalWorld['cookies'];
const row = async (id: number) => (await t.sql.query(`select plate_no, load_ton, source from form_${ledger} where id = $1`, [id])).rows[0];
const goods = async (id: number) => (await t.sql.query(`select id, goods_name from form_${ledger}__goods where parent_id = $1 order by id`, [id])).rows;

/** The clerk submits a record with one goods row; returns its id, instance and goods row id. */
async function submitted(plate: string) {
  const res = await t.call(w.cookies.clerk, 'POST', `/api/form/startformflow/${ledger}`, {
    parent: { plate_no: plate, load_ton: 10, source: '码头' },
    child: [{ subKey: 'goods', subDatas: [{ goods_name: '液氯', qty: 1 }] }],
  });
  expect(res.json(), res.body).toMatchObject({ errCode: 0 });
  const { businessId, processInstanceId } = res.json() as { businessId: number; processInstanceId: number };
  return { id: businessId, pid: processInstanceId, goodsId: Number((await goods(businessId))[0]!.id) };
}

const update = async (who: Who, id: number, fields: Record<string, unknown>) =>
  (await t.call(w.cookies[who], 'POST', `/api/form/updateformdata/${ledger}`, { id, ...fields })).json();
const remove = async (who: Who, id: number) => (await t.call(w.cookies[who], 'GET', `/api/form/batchdeleteformdata/${ledger}?businessIds=${id}`)).json();
const status = async (who: Who, id: number) =>
  (await t.call(w.cookies[who], 'GET', `/api/flow/recordstatus?formId=${ledger}&businessIds=${id}`)).json().list[0];

/** Every sub-table write of record `id`, as `who`: each reply. */
async function subWrites(who: Who, id: number, goodsId: number) {
  const c = w.cookies[who];
  const base = `/api/form`;
  return {
    add: (await t.call(c, 'POST', `${base}/addsubformdata/${ledger}/goods`, { parentId: id, goods_name: '硫酸' })).json(),
    update: (await t.call(c, 'POST', `${base}/updatesubformdata/${ledger}/goods`, { id: goodsId, goods_name: '改名' })).json(),
    batchAdd: (await t.call(c, 'POST', `${base}/batchaddsubformdata/${ledger}/goods`, { parentId: id, subDatas: [{ goods_name: '甲' }] })).json(),
    batchUpdate: (await t.call(c, 'POST', `${base}/batchupdatesubformdata/${ledger}/goods`, { parentId: id, subDatas: [{ id: goodsId, goods_name: '乙' }] })).json(),
    batchDelete: (await t.call(c, 'GET', `${base}/batchdeletesubformdata/${ledger}/goods?businessIds=${goodsId}`)).json(),
  };
}
const ALL_LOCKED = { add: LOCKED_EDIT, update: LOCKED_EDIT, batchAdd: LOCKED_EDIT, batchUpdate: LOCKED_EDIT, batchDelete: LOCKED_EDIT };

const approve = (who: Who, taskId: number, fields: Record<string, string> = {}) =>
  postTask(t, w.cookies[who], `/api/flow/approvetask/${taskId}`, { taskId: String(taskId), formId: String(ledger), ...fields });

describe('while the first approver’s task is open', () => {
  it('the initiator can neither edit nor delete the record, nor write its sub-table rows', async () => {
    const r = await submitted('鄂A00001');
    expect(await update('clerk', r.id, { plate_no: '篡改' })).toEqual(LOCKED_EDIT);
    expect(await remove('clerk', r.id)).toEqual(LOCKED_DELETE);
    expect(await subWrites('clerk', r.id, r.goodsId)).toEqual(ALL_LOCKED);
    expect(await row(r.id)).toEqual({ plate_no: '鄂A00001', load_ton: '10', source: '码头' });
    expect((await goods(r.id)).map((g) => g.goods_name)).toEqual(['液氯']);
    // A second start is refused as before; the list page is told both buttons are refused.
    expect((await t.call(w.cookies.clerk, 'POST', `/api/form/startformflow/${ledger}`, { id: r.id, plate_no: '再提交' })).statusCode).toBe(409);
    expect(await status('clerk', r.id)).toMatchObject({ approveStatus: '0', editLocked: true, deleteLocked: true });
    // The approver's task still opens on the record as submitted.
    const task = (await taskOf(t, r.pid, w.ids.chief))!;
    expect(task).toBeDefined();
    expect((await t.call(w.cookies.chief, 'GET', `/api/form/getformdatabypid?processInstanceId=${r.pid}`)).json().data.plate_no).toBe('鄂A00001');
  });

  it('another user with the form’s edit and delete rights is refused the same', async () => {
    const r = await submitted('鄂A00002');
    expect(await update('other', r.id, { plate_no: '篡改' })).toEqual(LOCKED_EDIT);
    expect(await remove('other', r.id)).toEqual(LOCKED_DELETE);
    expect(await subWrites('other', r.id, r.goodsId)).toEqual(ALL_LOCKED);
    expect(await status('other', r.id)).toMatchObject({ editLocked: true, deleteLocked: true });
    expect(await row(r.id)).toEqual({ plate_no: '鄂A00002', load_ton: '10', source: '码头' });
  });
});

describe('what stays allowed', () => {
  it('the approver writes the node’s approveItems through the task, and nothing else', async () => {
    const r = await submitted('鄂A00003');
    const task = (await taskOf(t, r.pid, w.ids.chief))!;
    const ok = await approve('chief', task, { remark: '同意', source: '科长核实', plate_no: '篡改' });
    expect(ok.json(), ok.body).toEqual({ errCode: 0 });
    expect(await row(r.id)).toEqual({ plate_no: '鄂A00003', load_ton: '10', source: '科长核实' });
    // Still under approval at the next node: the ordinary calls stay refused, to the approver too.
    expect(await update('clerk', r.id, { source: '再改' })).toEqual(LOCKED_EDIT);
    expect(await update('chief', r.id, { source: '再改' })).toEqual(LOCKED_EDIT);
    expect(await remove('chief', r.id)).toEqual(LOCKED_DELETE);
    expect(await subWrites('chief', r.id, r.goodsId)).toEqual(ALL_LOCKED);
    expect(await row(r.id)).toEqual({ plate_no: '鄂A00003', load_ton: '10', source: '科长核实' });
  });

  it('after a 退回 to the initiator, the initiator edits (record and sub-table) and resubmits; others and deletes stay refused', async () => {
    const r = await submitted('鄂A00004');
    const task = (await taskOf(t, r.pid, w.ids.chief))!;
    const back = await postTask(t, w.cookies.chief, `/api/flow/returntask/${task}`, { remark: '请补充来源', targetNodeId: 'start' });
    expect(back.json(), back.body).toEqual({ errCode: 0 });
    expect(await status('clerk', r.id)).toMatchObject({ approveStatus: '0', editLocked: false, deleteLocked: true });
    expect(await status('other', r.id)).toMatchObject({ editLocked: true, deleteLocked: true });

    expect(await update('clerk', r.id, { source: '补充的来源' })).toMatchObject({ errCode: 0 });
    expect((await t.call(w.cookies.clerk, 'POST', `/api/form/addsubformdata/${ledger}/goods`, { parentId: r.id, goods_name: '硫酸' })).json()).toMatchObject({ errCode: 0 });
    expect(await update('other', r.id, { source: '他人修改' })).toEqual(LOCKED_EDIT);
    expect(await subWrites('other', r.id, r.goodsId)).toEqual(ALL_LOCKED);
    expect(await remove('clerk', r.id)).toEqual(LOCKED_DELETE);
    expect(await row(r.id)).toEqual({ plate_no: '鄂A00004', load_ton: '10', source: '补充的来源' });

    // Resubmitted through the task: the approvers have it again, and the lock is back for the initiator too.
    const mine = (await taskOf(t, r.pid, w.ids.clerk))!;
    expect((await approve('clerk', mine, { remark: '已补充', load_ton: '12' })).json()).toEqual({ errCode: 0 });
    expect(Number((await row(r.id)).load_ton)).toBe(12);
    expect(await taskOf(t, r.pid, w.ids.chief)).toBeDefined();
    expect(await update('clerk', r.id, { source: '又改' })).toEqual(LOCKED_EDIT);
  });

  it('after the approval ends (approved): everyone with the rights may edit and delete again', async () => {
    const r = await submitted('鄂A00005');
    expect((await approve('chief', (await taskOf(t, r.pid, w.ids.chief))!)).json()).toEqual({ errCode: 0 });
    expect((await approve('director', (await taskOf(t, r.pid, w.ids.director))!)).json()).toEqual({ errCode: 0 });
    expect(await statusOf(t, r.pid)).toBe('1');
    expect(await status('clerk', r.id)).toMatchObject({ approveStatus: '1', editLocked: false, deleteLocked: false });
    expect(await update('clerk', r.id, { source: '通过后修改' })).toMatchObject({ errCode: 0 });
    expect(await update('other', r.id, { source: '他人修改' })).toMatchObject({ errCode: 0 });
    const subs = await subWrites('other', r.id, r.goodsId);
    expect(Object.values(subs).map((s) => s.errCode)).toEqual([0, 0, 0, 0, 0]);
    expect(await remove('other', r.id)).toEqual({ errCode: 0, deleted: 1 });
  });

  it('after the approval ends (rejected): the initiator edits and deletes', async () => {
    const r = await submitted('鄂A00006');
    const task = (await taskOf(t, r.pid, w.ids.chief))!;
    expect((await postTask(t, w.cookies.chief, `/api/flow/disapprovetask/${task}`, { remark: '资料不全' })).json()).toEqual({ errCode: 0 });
    expect(await statusOf(t, r.pid)).toBe('2');
    expect(await update('clerk', r.id, { source: '驳回后修改' })).toMatchObject({ errCode: 0 });
    expect(Object.values(await subWrites('other', r.id, r.goodsId)).map((x) => x.errCode)).toEqual([0, 0, 0, 0, 0]);
    expect(await remove('clerk', r.id)).toEqual({ errCode: 0, deleted: 1 });
  });

  it('after the initiator withdraws (撤回): edits and deletes go through', async () => {
    const r = await submitted('鄂A00007');
    expect((await t.call(w.cookies.clerk, 'GET', `/api/flow/processcancel/${r.pid}`)).json()).toEqual({ errCode: 0 });
    expect(await statusOf(t, r.pid)).toBe('3');
    expect(await update('clerk', r.id, { source: '撤回后修改' })).toMatchObject({ errCode: 0 });
    expect(Object.values(await subWrites('clerk', r.id, r.goodsId)).map((x) => x.errCode)).toEqual([0, 0, 0, 0, 0]);
    expect(await remove('clerk', r.id)).toEqual({ errCode: 0, deleted: 1 });
  });
});

describe('automations, other writers and maintenance', () => {
  it('a writer that goes round the services (a statement as the import writes its rows) is refused by the database itself', async () => {
    const r = await submitted('鄂D00001');
    const child = `form_${ledger}__goods`;
    const err = await t.sql
      .query(
        `with ins as (insert into ${child} (goods_name, parent_id) values ('旁路', $1) returning *)
         insert into form_event (form_id, sub_key, record_id, op, after, actor_id) select $2, 'goods', ins.id, 'insert', to_jsonb(ins.*), $3 from ins`,
        [r.id, ledger, w.ids.other],
      )
      .catch((e: { code: string; message: string }) => e);
    expect(err).toMatchObject({ code: 'PK409', message: APPROVAL_TEXT.lockedEdit });
    const upd = await t.sql
      .query(`insert into form_event (form_id, sub_key, record_id, op, before, after, actor_id) values ($1, null, $2, 'update', '{}', '{}', $3)`, [ledger, r.id, w.ids.clerk])
      .catch((e: { code: string }) => e);
    expect(upd).toMatchObject({ code: 'PK409' });
    expect((await goods(r.id)).map((g) => g.goods_name)).toEqual(['液氯']);
  });

  it('an automation updating records skips the one under approval and says why in its step', async () => {
    const locked = await submitted('鄂B00001');
    const free = await submitted('鄂B00001');
    expect((await t.call(w.cookies.clerk, 'GET', `/api/flow/processcancel/${free.pid}`)).json()).toEqual({ errCode: 0 });
    const trigger = await createForm(t, w.admin, '审批锁定触发', vehicleMeta());
    const update = { conf: { actionType: 'formTask', action: 'update', formConf: { formId: ledger,
      filter: [{ model: 'plate_no', condType: 0, conds: [{ matchType: '$eq', value: '鄂B00001' }] }],
      columns: [{ model: 'source', cType: 'input', type: '0', value: '自动化', formula: 'equal' }], subTable: [] } } };
    const saved = await t.call(w.admin, 'POST', '/api/automation/flow/save', { flowName: '审批中跳过', nodeConfig: flow(trigger, 'insert', [update]) });
    expect(saved.json().errCode, saved.body).toBe(0);
    await t.call(w.admin, 'POST', `/api/form/addformdata/${trigger}`, { plate_no: '鄂B' });
    await runAll(t, testEngine(t));
    const exec = (await t.sql.query(`select id, status from auto_execution where flow_id = $1`, [saved.json().id])).rows[0];
    expect(exec.status).toBe('success');
    expect((await row(free.id)).source).toBe('自动化');
    expect((await row(locked.id)).source).toBe('码头');
    const step = (await t.sql.query(`select output from auto_step where execution_id = $1 and node_id = 'act-1'`, [exec.id])).rows[0].output;
    expect(step.ids).toEqual([String(free.id)]);
    expect(step.skipped).toEqual([{ ids: [String(locked.id)], reason: SKIPPED_UNDER_APPROVAL }]);
  });

  it('a system administrator’s maintenance removal cancels the approval and empties every to-do in the same transaction', async () => {
    const r = await submitted('鄂C00001');
    const task = (await taskOf(t, r.pid, w.ids.chief))!;
    const todo = async () => (await t.call(w.cookies.chief, 'GET', '/api/flow/self/todotasklist?pageNum=1&pageSize=100')).json().taskVos as Array<{ taskId: number }>;
    expect((await todo()).some((v) => v.taskId === task)).toBe(true);
    // Only the super role has this path; the ordinary delete stays refused for the administrator too.
    expect((await t.call(w.cookies.other, 'GET', `/api/flow/maintenance/deleterecords/${ledger}?businessIds=${r.id}`)).json()).toEqual({ errCode: 403, errMsg: APPROVAL_TEXT.maintenanceOnly });
    expect((await t.call(w.admin, 'GET', `/api/form/batchdeleteformdata/${ledger}?businessIds=${r.id}`)).json()).toEqual(LOCKED_DELETE);

    const res = await t.call(w.admin, 'GET', `/api/flow/maintenance/deleterecords/${ledger}?businessIds=${r.id}`);
    expect(res.json(), res.body).toEqual({ errCode: 0, deleted: 1, cancelled: 1 });
    expect(await row(r.id)).toBeUndefined();
    expect(await statusOf(t, r.pid)).toBe('3');
    expect((await todo()).some((v) => v.taskId === task)).toBe(false);
    // No open task points at a missing record, anywhere.
    const dangling = await t.sql.query(
      `select t.id from flow_task t where t.form_id = $1 and t.status in (0, 3) and not exists (select 1 from form_${ledger} r where r.id = t.business_id)`,
      [ledger],
    );
    expect(dangling.rows).toEqual([]);
    const told = await t.sql.query(`select title from msg_message where receiver_id = $1 and title like '流程已取消：%'`, [w.ids.clerk]);
    expect(told.rows.map((m) => m.title)).toEqual([`流程已取消：王登记提交的审批锁定台账（${APPROVAL_TEXT.removedByAdmin}）`]);
  });
});
