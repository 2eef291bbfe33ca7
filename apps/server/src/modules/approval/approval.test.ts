import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { checkApprovalTree, flattenControls } from '@park/core';
import { sweepOverdue } from './actions.ts';
import { approvalWorld, approver, deploy, person, postTask, statusOf, submit, supervisor, taskOf, twoLevelTree, type ApprovalWorld } from './testSupport.ts';
import { seedDemoApproval } from '../../seeds/approval.ts';
import { seedDemoRoles } from '../../seeds/demoRoles.ts';
import { grantForm } from '../../../test/formGrants.ts';
import { multipart } from '../../../test/multipart.ts';
import * as sample from '../../../test/sampleFiles.ts';
import { createForm, ledgerMeta, vehicleMeta } from '../automation/testSupport.ts';
import { subTable } from '../form/tableNames.ts';

let t: TestApp;
let w: ApprovalWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await approvalWorld(t);
  await deploy(t, w, twoLevelTree(w.ids));
});
afterAll(() => t.close());

const approve = (who: keyof ApprovalWorld['cookies'], taskId: number, fields: Record<string, string> = {}) =>
  postTask(t, w.cookies[who], `/api/flow/approvetask/${taskId}`, { taskId: String(taskId), formId: String(w.formId), ...fields });
const msgs = async (userId: string, smallType: number) =>
  (await t.sql.query(`select title from msg_message where receiver_id = $1 and big_type = 1 and small_type = $2 order by id`, [userId, smallType])).rows.map((r) => r.title as string);

describe('design', () => {
  it('refuses a tree the designer would refuse, with its message, and versions each deployment', async () => {
    const modelId = (await t.call(w.admin, 'GET', `/api/flow/flowconf/createmodel?formId=${w.formId}`)).json().modelId;
    const bad = await t.call(w.admin, 'POST', '/api/flow/flowconf/save', { modelId, nodeConfig: { nodeId: 's', nodeName: '发起人', type: 0, childNode: approver('a', { type: 1, person: [] }) } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errMsg).toBe('a：请添加指定人');
    const badItem = await t.call(w.admin, 'POST', '/api/flow/flowconf/save', { modelId, nodeConfig: { nodeId: 's', nodeName: '发起人', type: 0, childNode: approver('a', supervisor(), { approveItems: ['nope'] }) } });
    expect(badItem.json().errMsg).toBe('a：可编辑字段不存在：nope');
    const conf = (await t.call(w.admin, 'GET', `/api/flow/flowconf/getFlowConfByFormId/${w.formId}`)).json().flowConf;
    expect(conf).toMatchObject({ modelId, version: 1 });
    expect((await t.call(w.cookies.clerk, 'GET', `/api/flow/flowconf/getFlowConfByFormId/${w.formId}`)).statusCode).toBe(403);
    expect((await t.call(w.cookies.clerk, 'GET', `/api/flow/flowconf/deployed/${w.formId}`)).json()).toMatchObject({ deployed: true });
  });
});

describe('a two-level approval with a condition and a cc', () => {
  it('goes 科长 → 主任 for a heavy load; the approver changes only approveItems; cc and initiator are told', async () => {
    const { businessId, processInstanceId: pid } = await submit(t, w, { plate_no: '浙A12345', load_ton: 30, state: '待审' });
    const chiefTask = (await taskOf(t, pid, w.ids.chief))!;
    expect(chiefTask).toBeDefined();
    expect((await t.call(w.cookies.chief, 'GET', '/api/flow/self/todotaskcount')).json().totalCount).toBe(1);
    const todo = (await t.call(w.cookies.chief, 'GET', '/api/flow/self/todotasklist?pageNum=1&pageSize=10')).json();
    expect(todo.taskVos[0]).toMatchObject({ taskId: chiefTask, processInstanceId: pid, businessName: '王登记提交的危化品车辆入园登记', approveStatus: '0', businessId });
    expect(await msgs(w.ids.chief, 3)).toEqual(['待审批：王登记提交的危化品车辆入园登记']);

    // The approver sees the record without the form's view permission; a stranger does not.
    expect((await t.call(w.cookies.chief, 'GET', `/api/form/getformdatabypid?processInstanceId=${pid}`)).json().data.plate_no).toBe('浙A12345');
    expect((await t.call(w.cookies.stranger, 'GET', `/api/form/getformdatabypid?processInstanceId=${pid}`)).statusCode).toBe(403);
    expect((await t.call(w.cookies.stranger, 'GET', `/api/flow/queryapprovedetails/${pid}`)).statusCode).toBe(403);

    // Only the assignee acts (403); plate_no is not the node's to change, state is.
    expect((await approve('other', chiefTask)).statusCode).toBe(403);
    const ok = await approve('chief', chiefTask, { remark: '同意入园', state: '科长已审', plate_no: '篡改' });
    expect(ok.json(), ok.body).toEqual({ errCode: 0 });
    expect((await approve('chief', chiefTask)).json()).toEqual({ errCode: 409, errMsg: '此任务已处理' });
    const row = (await t.sql.query(`select plate_no, state from form_${w.formId} where id = $1`, [businessId])).rows[0];
    expect(row).toEqual({ plate_no: '浙A12345', state: '科长已审' });

    const details = (await t.call(w.cookies.director, 'GET', `/api/flow/queryapprovedetails/${pid}`)).json();
    expect(details.waitList).toEqual([expect.objectContaining({ taskType: 0, approveType: 0, userList: [{ realName: '赵主任' }] })]);
    expect(details.list.map((c: { status: number; realName: string }) => [c.status, c.realName])).toEqual([[6, '王登记'], [0, '李科长']]);
    expect(details.list[1].approveItems).toEqual([{ itemModel: 'state', itemName: '状态', itemValue: '科长已审' }]);
    expect(details.currentTaskId).toBe(await taskOf(t, pid, w.ids.director));
    expect(details.currentNode.returnTargets.map((r: { nodeName: string }) => r.nodeName)).toEqual(['发起人', '科长审批']);

    expect((await approve('director', details.currentTaskId)).json()).toEqual({ errCode: 0 });
    expect(await statusOf(t, pid)).toBe('1');
    expect((await t.call(w.cookies.cc, 'GET', '/api/flow/self/cctasklist')).json().taskVos[0]).toMatchObject({ processInstanceId: pid, approveStatus: '1' });
    expect(await msgs(w.ids.cc, 1)).toContain('抄送：王登记提交的危化品车辆入园登记');
    expect(await msgs(w.ids.clerk, 4)).toContain('审批通过：王登记提交的危化品车辆入园登记');
    expect((await t.call(w.cookies.chief, 'GET', '/api/flow/self/donetasklist')).json().taskVos.some((r: { processInstanceId: number }) => r.processInstanceId === pid)).toBe(true);
    const started = (await t.call(w.cookies.clerk, 'GET', '/api/flow/self/startprocesslist')).json();
    expect(started.processVos.find((p: { processInstanceId: number }) => p.processInstanceId === pid)).toMatchObject({ approveStatus: '1', businessId });
    const statuses = (await t.call(w.cookies.clerk, 'GET', `/api/flow/recordstatus?formId=${w.formId}&businessIds=${businessId}`)).json();
    expect(statuses.list).toEqual([{ businessId, processInstanceId: pid, approveStatus: '1', editLocked: false, deleteLocked: false }]);
    const log = await t.sql.query(`select action from sys_operation_log where target_type = 'flow_instance' and target_id = $1 order by id`, [String(pid)]);
    expect(log.rows.map((r) => r.action)).toEqual(['审批同意', '审批同意']);
  });

  it('skips 主任 when the condition does not hold', async () => {
    const { processInstanceId: pid } = await submit(t, w, { plate_no: '浙A00001', load_ton: 5 });
    await approve('chief', (await taskOf(t, pid, w.ids.chief))!);
    expect(await statusOf(t, pid)).toBe('1');
  });

  it('a rejection ends the instance as 2 and tells the initiator', async () => {
    const { processInstanceId: pid } = await submit(t, w, { plate_no: '浙A00002', load_ton: 5 });
    const task = (await taskOf(t, pid, w.ids.chief))!;
    expect((await postTask(t, w.cookies.chief, `/api/flow/disapprovetask/${task}`, {})).json()).toEqual({ errCode: 400, errMsg: '请填写审批意见' });
    expect((await postTask(t, w.cookies.chief, `/api/flow/disapprovetask/${task}`, { remark: '资料不全' })).json()).toEqual({ errCode: 0 });
    expect(await statusOf(t, pid)).toBe('2');
    expect(await msgs(w.ids.clerk, 4)).toContain('审批驳回：王登记提交的危化品车辆入园登记');
    // Issue 42: the message says who said no, where and why (its body was empty, shown as "-").
    const [rejected] = (await t.sql.query(`select content from msg_message where receiver_id = $1 and title like '审批驳回%' order by id desc limit 1`, [w.ids.clerk])).rows;
    expect(rejected.content).toMatch(/^您提交的「王登记提交的危化品车辆入园登记」被李科长在「.+」驳回。审批意见：资料不全$/);
  });

  it('a refused record starts nothing, and a form without a flow refuses 提交', async () => {
    const before = (await t.sql.query(`select count(*)::int as n from flow_instance`)).rows[0].n;
    const res = await t.call(w.cookies.clerk, 'POST', `/api/form/startformflow/${w.formId}`, { load_ton: 5 });
    expect(res.statusCode).toBe(400);
    expect((await t.sql.query(`select count(*)::int as n from flow_instance`)).rows[0].n).toBe(before);
  });
});

describe('return, transfer, add-signer', () => {
  it('returns to the initiator, who edits and resubmits; conditions are read again', async () => {
    const { businessId, processInstanceId: pid } = await submit(t, w, { plate_no: '浙B1', load_ton: 30 });
    await approve('chief', (await taskOf(t, pid, w.ids.chief))!);
    const dirTask = (await taskOf(t, pid, w.ids.director))!;
    const start = 'start';
    expect((await postTask(t, w.cookies.director, `/api/flow/returntask/${dirTask}`, { targetNodeId: start })).json().errMsg).toBe('请填写审批意见');
    expect((await postTask(t, w.cookies.director, `/api/flow/returntask/${dirTask}`, { targetNodeId: 'nope', remark: 'x' })).json().errMsg).toBe('请选择退回的节点');
    expect((await postTask(t, w.cookies.director, `/api/flow/returntask/${dirTask}`, { targetNodeId: start, remark: '载重写错了' })).json()).toEqual({ errCode: 0 });
    const back = (await taskOf(t, pid, w.ids.clerk))!;
    expect(await msgs(w.ids.clerk, 3)).toContain('已退回，请修改后重新提交：王登记提交的危化品车辆入园登记');
    expect((await t.call(w.cookies.clerk, 'GET', `/api/flow/queryapprovedetails/${pid}`)).json().currentNode).toMatchObject({ resubmit: true });
    // Resubmitted with a small load: after 科长 the flow ends without 主任.
    expect((await approve('clerk', back, { load_ton: '8', remark: '已改' })).json()).toEqual({ errCode: 0 });
    expect((await t.sql.query(`select load_ton from form_${w.formId} where id = $1`, [businessId])).rows[0].load_ton).toBe('8');
    await approve('chief', (await taskOf(t, pid, w.ids.chief))!);
    expect(await statusOf(t, pid)).toBe('1');
  });

  it('without re-approval, the resubmitted record goes straight back to the node that returned it', async () => {
    const { processInstanceId: pid } = await submit(t, w, { plate_no: '浙B2', load_ton: 30 });
    await approve('chief', (await taskOf(t, pid, w.ids.chief))!);
    await postTask(t, w.cookies.director, `/api/flow/returntask/${(await taskOf(t, pid, w.ids.director))!}`, { targetNodeId: 'start', remark: '补充', reapprove: '0' });
    await approve('clerk', (await taskOf(t, pid, w.ids.clerk))!);
    expect(await taskOf(t, pid, w.ids.chief)).toBeUndefined();
    await approve('director', (await taskOf(t, pid, w.ids.director))!);
    expect(await statusOf(t, pid)).toBe('1');
  });

  it('returns to an earlier approver node', async () => {
    const { processInstanceId: pid } = await submit(t, w, { plate_no: '浙B3', load_ton: 30 });
    await approve('chief', (await taskOf(t, pid, w.ids.chief))!);
    await postTask(t, w.cookies.director, `/api/flow/returntask/${(await taskOf(t, pid, w.ids.director))!}`, { targetNodeId: '科长审批', remark: '请复核' });
    await approve('chief', (await taskOf(t, pid, w.ids.chief))!);
    await approve('director', (await taskOf(t, pid, w.ids.director))!);
    expect(await statusOf(t, pid)).toBe('1');
  });

  it('transfers a task to another user', async () => {
    const { processInstanceId: pid } = await submit(t, w, { plate_no: '浙B4', load_ton: 5 });
    const task = (await taskOf(t, pid, w.ids.chief))!;
    expect((await postTask(t, w.cookies.chief, `/api/flow/transfertask/${task}`, { userId: '999999' })).json().errMsg).toBe('请选择转办人');
    expect((await postTask(t, w.cookies.chief, `/api/flow/transfertask/${task}`, { userId: w.ids.other, remark: '出差' })).json()).toEqual({ errCode: 0 });
    expect(await taskOf(t, pid, w.ids.chief)).toBeUndefined();
    await approve('other', (await taskOf(t, pid, w.ids.other))!);
    expect(await statusOf(t, pid)).toBe('1');
  });

  it('a handler keeps read-only access to what they handled (ADR 0018); only a waiting task acts', async () => {
    const { processInstanceId: pid, businessId } = await submit(t, w, { plate_no: '浙B6', load_ton: 5, state: '待审' });
    const task = (await taskOf(t, pid, w.ids.chief))!;
    const details = async (who: keyof ApprovalWorld['cookies']) => t.call(w.cookies[who], 'GET', `/api/flow/queryapprovedetails/${pid}`);
    expect((await details('chief')).json()).toMatchObject({ viewRight: 'assignee', currentTaskId: task });
    expect((await postTask(t, w.cookies.chief, `/api/flow/transfertask/${task}`, { userId: w.ids.other, remark: '出差' })).json()).toEqual({ errCode: 0 });
    // Transferred away: the chief still opens it (已办), read-only: no task, no buttons, 409 on the old task.
    expect((await details('chief')).json()).toMatchObject({ viewRight: 'handled', currentTaskId: null, currentNode: null, canCancel: false, canRemind: false });
    expect((await t.call(w.cookies.chief, 'GET', `/api/form/getformdatabypid?processInstanceId=${pid}`)).json().data.plate_no).toBe('浙B6');
    expect((await approve('chief', task, { state: '越权' })).json()).toEqual({ errCode: 409, errMsg: '此任务已处理' });
    const othersTask = (await taskOf(t, pid, w.ids.other))!;
    expect((await approve('chief', othersTask, { state: '越权' })).statusCode).toBe(403);
    expect((await details('other')).json()).toMatchObject({ viewRight: 'assignee', currentTaskId: othersTask });
    expect((await approve('other', othersTask)).json()).toEqual({ errCode: 0 });
    expect(await statusOf(t, pid)).toBe('1');
    expect((await details('other')).json()).toMatchObject({ viewRight: 'handled', currentNode: null });
    expect((await details('cc')).json()).toMatchObject({ viewRight: 'cc', currentNode: null });
    expect((await details('clerk')).json()).toMatchObject({ viewRight: 'initiator' });
    expect((await t.call(w.admin, 'GET', `/api/flow/queryapprovedetails/${pid}`)).json()).toMatchObject({ viewRight: 'form', currentNode: null });
    expect((await details('stranger')).statusCode).toBe(403);
    expect((await t.call(w.cookies.director, 'GET', `/api/form/getformdatabypid?processInstanceId=${pid}`)).statusCode).toBe(403);
    expect((await t.sql.query(`select state from form_${w.formId} where id = $1`, [businessId])).rows[0].state).toBe('待审');
  });

  it('adds a signer before me (I decide after them) and after me (they sign next)', async () => {
    const { processInstanceId: pid } = await submit(t, w, { plate_no: '浙B5', load_ton: 5 });
    const mine = (await taskOf(t, pid, w.ids.chief))!;
    expect((await postTask(t, w.cookies.chief, `/api/flow/addsigntask/${mine}`, { userId: w.ids.other, position: 'before' })).json()).toEqual({ errCode: 0 });
    expect(await taskOf(t, pid, w.ids.chief)).toBeUndefined();
    await approve('other', (await taskOf(t, pid, w.ids.other))!);
    const again = (await taskOf(t, pid, w.ids.chief))!;
    expect(again).toBe(mine);
    expect((await postTask(t, w.cookies.chief, `/api/flow/addsigntask/${mine}`, { userId: w.ids.director, position: 'after', remark: '请主任也看看' })).json()).toEqual({ errCode: 0 });
    expect(await statusOf(t, pid)).toBe('0');
    await approve('director', (await taskOf(t, pid, w.ids.director))!);
    expect(await statusOf(t, pid)).toBe('1');
  });
});

describe('condition groups joined by 或 (the designer\'s condition editor)', () => {
  it('takes the branch when any group holds, rows in a group all holding; otherwise the next branch', async () => {
    const formId = await createForm(t, w.admin, '危化品车辆入园登记（或条件）', vehicleMeta());
    await grantForm(t, w.ids.clerk, formId, ['add', 'edit', 'view']);
    const fw = { ...w, formId };
    const row = (model: string, matchType: string, value: string, dataType = 'String') => ({ model, type: 'input', dataType, matchType, value });
    await deploy(t, fw, {
      nodeId: 's', nodeName: '发起人', type: 0,
      childNode: {
        nodeId: 'route', nodeName: '路由', type: 4, childNode: null,
        conditionNodes: [
          { nodeId: 'heavy', nodeName: '重载或危化品', type: 3, priorityLevel: 1,
            conf: { condition: { fieldConds: { condType: 'or', conditions: [
              { condType: 'and', conds: [row('load_ton', '$gt', '20', 'Number')] },
              { condType: 'and', conds: [row('is_hazard', '$eq', '是'), row('company_name', '$like', '化工')] },
            ] }, fieldUpdateConds: [] } },
            childNode: approver('主任审批', person(w.ids.director)) },
          { nodeId: 'else', nodeName: '其他情况', type: 3, priorityLevel: 2, conf: { condition: { fieldConds: { condType: 'and', conditions: [] }, fieldUpdateConds: [] } },
            childNode: approver('科长审批', supervisor(1)) },
        ],
      },
    });
    const who = async (fields: Record<string, unknown>) => {
      const { processInstanceId: pid } = await submit(t, fw, { plate_no: '浙D1', ...fields });
      return (await taskOf(t, pid, w.ids.director)) ? 'director' : (await taskOf(t, pid, w.ids.chief)) ? 'chief' : 'nobody';
    };
    expect(await who({ load_ton: 30 })).toBe('director');
    expect(await who({ load_ton: 5, is_hazard: '是', company_name: '宁波化工' })).toBe('director');
    expect(await who({ load_ton: 5, is_hazard: '是', company_name: '宁波物流' })).toBe('chief');
    expect(await who({ load_ton: 5 })).toBe('chief');
  });
});

describe('提交 with sub-table rows', () => {
  it('saves the record, its sub-table rows and starts the process in one transaction; a bad row leaves nothing', async () => {
    const formId = await createForm(t, w.admin, '入园车辆台账', ledgerMeta());
    await grantForm(t, w.ids.clerk, formId, ['add', 'edit', 'view']);
    const fw = { ...w, formId };
    await deploy(t, fw, { nodeId: 's', nodeName: '发起人', type: 0, childNode: approver('科长审批', supervisor(1)) });
    const count = async (table: string) => Number((await t.sql.query(`select count(*)::int as n from "${table}"`)).rows[0].n);
    const instances = async () => Number((await t.sql.query(`select count(*)::int as n from flow_instance where form_id = $1`, [formId])).rows[0].n);
    const goods = subTable(formId, 'goods');

    const bad = await t.call(w.cookies.clerk, 'POST', `/api/form/startformflow/${formId}`, { parent: { plate_no: '浙C1' }, child: [{ subKey: 'goods', subDatas: [{ goods_name: '液碱', qty: 3 }, { qty: 1 }] }] });
    expect(bad.json().errCode, bad.body).toBe(400);
    expect(bad.json().errMsg).toMatch(/第2行/);
    expect([await count(`form_${formId}`), await count(goods), await instances()]).toEqual([0, 0, 0]);

    const ok = await t.call(w.cookies.clerk, 'POST', `/api/form/startformflow/${formId}`, { parent: { plate_no: '浙C1', load_ton: 12 }, child: [{ subKey: 'goods', subDatas: [{ goods_name: '液碱', qty: 3 }, { goods_name: '硫酸', qty: 1 }] }] });
    expect(ok.json(), ok.body).toMatchObject({ errCode: 0 });
    const { businessId, processInstanceId: pid } = ok.json();
    const rows = (await t.sql.query(`select goods_name, parent_id from "${goods}" order by id`)).rows;
    expect(rows).toEqual([{ goods_name: '液碱', parent_id: String(businessId) }, { goods_name: '硫酸', parent_id: String(businessId) }]);
    expect(await taskOf(t, pid, w.ids.chief)).toBeDefined();
    const log = await t.sql.query(`select action from sys_operation_log where target_type = $1 and target_id = $2 order by id`, [`form:${formId}`, String(businessId)]);
    expect(log.rows.map((r) => r.action)).toEqual(['新增表单数据', '提交审批']);
    expect((await t.call(w.cookies.clerk, 'POST', `/api/form/startformflow/${formId}`, { parent: { plate_no: '浙C2' }, child: [{ subKey: 'nope', subDatas: [] }] })).statusCode).toBe(404);
    expect((await t.call(w.cookies.clerk, 'POST', `/api/form/startformflow/${formId}`, { parent: { plate_no: '浙C2' }, child: 'x' })).json().errMsg).toBe('请求体格式不正确');
    expect(await instances()).toBe(1);
  });
});

describe('file fields the node lets its approver edit', () => {
  it('the approver uploads and replaces files; the record\'s file references follow; a wrong file is refused and nothing changes', async () => {
    const ctl = (type: string, name: string, model: string) => ({ type, name, key: `${type}_${model}`, model, options: {}, rules: [] });
    const formId = await createForm(t, w.admin, '动火作业许可', { list: [ctl('input', '作业内容', 'work'), ctl('file_upload', '许可证', 'permit'), ctl('image_upload', '现场照片', 'photo')], config: {} });
    await grantForm(t, w.ids.clerk, formId, ['add', 'edit', 'view']);
    const fw = { ...w, formId };
    await deploy(t, fw, { nodeId: 's', nodeName: '发起人', type: 0, childNode: approver('安全员审核', supervisor(1), { approveItems: ['permit', 'photo'] }) });
    const upload = async (cookie: string, name: string, data: Buffer) => {
      const body = multipart([{ name: 'file', filename: name, data }]);
      const res = await t.app.inject({ method: 'POST', url: '/api/file/upload', headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': body.contentType }, payload: body.payload });
      expect(res.statusCode, res.body).toBe(200);
      return String(res.json().datas[0].fileId);
    };
    const draft = await upload(w.cookies.clerk, '许可证草稿.pdf', sample.pdf());
    const { businessId, processInstanceId: pid } = await submit(t, fw, { work: '储罐区动火', permit: draft });
    const refs = async () => (await t.sql.query(`select file_id from sys_file_ref where form_id = $1 and record_id = $2 order by file_id`, [formId, businessId])).rows.map((r) => String(r.file_id));
    expect(await refs()).toEqual([draft]);
    const task = (await taskOf(t, pid, w.ids.chief))!;
    const signed = await upload(w.cookies.chief, '许可证.pdf', sample.pdf());
    const photo = await upload(w.cookies.chief, '现场.png', sample.png());
    const stray = await upload(w.cookies.other, '别人的.pdf', sample.pdf());
    const post = (fields: Record<string, string>) => postTask(t, w.cookies.chief, `/api/flow/approvetask/${task}`, { remark: '已核', ...fields });

    // A PDF in the image field, and a file the approver may not read: refused, the task still waits.
    expect((await post({ permit: signed, photo: signed })).json()).toMatchObject({ errCode: 400 });
    expect((await post({ permit: stray })).json()).toEqual({ errCode: 400, errMsg: '引用的文件不存在或无权访问' });
    expect(await taskOf(t, pid, w.ids.chief)).toBe(task);
    expect(await refs()).toEqual([draft]);

    // Replaces the initiator's draft and adds a photo; work is not the node's to change.
    expect((await post({ permit: signed, photo, work: '篡改' })).json()).toEqual({ errCode: 0 });
    const row = (await t.sql.query(`select work, permit, photo from form_${formId} where id = $1`, [businessId])).rows[0];
    expect(row).toEqual({ work: '储罐区动火', permit: signed, photo });
    expect(await refs()).toEqual([signed, photo].sort());
    expect(await statusOf(t, pid)).toBe('1');
    // The history names what the approver filled.
    const details = (await t.call(w.cookies.clerk, 'GET', `/api/flow/queryapprovedetails/${pid}`)).json();
    expect(details.list[1].approveItems.map((i: { itemName: string }) => i.itemName)).toEqual(['许可证', '现场照片']);
  });
});

describe('approve types', () => {
  let other: TestApp;
  let o: ApprovalWorld;
  beforeAll(async () => {
    other = await createTestApp();
    o = await approvalWorld(other);
  });
  afterAll(() => other.close());

  const flowOf = (approveType: number) => ({ nodeId: 's', nodeName: '发起人', type: 0, childNode: approver('会审', person(o.ids.chief, o.ids.director, o.ids.other), { approveType }) });
  const ok = (who: keyof ApprovalWorld['cookies'], task: number) => postTask(other, o.cookies[who], `/api/flow/approvetask/${task}`, {});
  const waitingOf = async (pid: number) => (await other.sql.query(`select count(*)::int as n from flow_task where instance_id = $1 and status = 0`, [pid])).rows[0].n;

  it('1 all must sign: the node passes with the last signature', async () => {
    await deploy(other, o, flowOf(1));
    const { processInstanceId: pid } = await submit(other, o, { plate_no: 'A', load_ton: 1 });
    expect(await waitingOf(pid)).toBe(3);
    await ok('chief', (await taskOf(other, pid, o.ids.chief))!);
    await ok('director', (await taskOf(other, pid, o.ids.director))!);
    expect(await statusOf(other, pid)).toBe('0');
    await ok('other', (await taskOf(other, pid, o.ids.other))!);
    expect(await statusOf(other, pid)).toBe('1');
  });

  it('1 all must sign, racing: two signers at once still finish the node exactly once', async () => {
    const { processInstanceId: pid } = await submit(other, o, { plate_no: 'A2', load_ton: 1 });
    await ok('chief', (await taskOf(other, pid, o.ids.chief))!);
    const [a, b] = await Promise.all([ok('director', (await taskOf(other, pid, o.ids.director))!), ok('other', (await taskOf(other, pid, o.ids.other))!)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await statusOf(other, pid)).toBe('1');
    const results = await other.sql.query(`select count(*)::int as n from msg_message where receiver_id = $1 and small_type = 4 and params->>'processInstanceId' = $2`, [o.ids.clerk, String(pid)]);
    expect(results.rows[0].n).toBe(1);
  });

  it('2 any one: the first signature passes the node and closes the others', async () => {
    await deploy(other, o, flowOf(2));
    const { processInstanceId: pid } = await submit(other, o, { plate_no: 'B', load_ton: 1 });
    const dirTask = (await taskOf(other, pid, o.ids.director))!;
    await ok('chief', (await taskOf(other, pid, o.ids.chief))!);
    expect(await statusOf(other, pid)).toBe('1');
    expect((await ok('director', dirTask)).json()).toEqual({ errCode: 409, errMsg: '此任务已处理' });
  });

  it('3 in sequence: one after another, in the listed order', async () => {
    await deploy(other, o, flowOf(3));
    const { processInstanceId: pid } = await submit(other, o, { plate_no: 'C', load_ton: 1 });
    expect(await waitingOf(pid)).toBe(1);
    expect(await taskOf(other, pid, o.ids.director)).toBeUndefined();
    await ok('chief', (await taskOf(other, pid, o.ids.chief))!);
    await ok('director', (await taskOf(other, pid, o.ids.director))!);
    expect(await statusOf(other, pid)).toBe('0');
    await ok('other', (await taskOf(other, pid, o.ids.other))!);
    expect(await statusOf(other, pid)).toBe('1');
  });

  it('0 one person, racing on one task: exactly one click wins, the other gets 409', async () => {
    await deploy(other, o, { nodeId: 's', nodeName: '发起人', type: 0, childNode: approver('一人', person(o.ids.chief)) });
    const { processInstanceId: pid } = await submit(other, o, { plate_no: 'D', load_ton: 1 });
    const task = (await taskOf(other, pid, o.ids.chief))!;
    const replies = await Promise.all([ok('chief', task), ok('chief', task), ok('chief', task)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const comments = await other.sql.query(`select count(*)::int as n from flow_comment where instance_id = $1 and status = 0`, [pid]);
    expect(comments.rows[0].n).toBe(1);
  });

  it('连续多级主管: supervisors level 1 then 2, one after the other; nobody found goes to the administrators', async () => {
    await deploy(other, o, { nodeId: 's', nodeName: '发起人', type: 0, childNode: approver('逐级', supervisor(2), { continuousLeaders: true }, approver('无人', supervisor(5), { noApprover: 'admin' })) });
    const { processInstanceId: pid } = await submit(other, o, { plate_no: 'E', load_ton: 1 });
    await ok('chief', (await taskOf(other, pid, o.ids.chief))!);
    await ok('director', (await taskOf(other, pid, o.ids.director))!);
    const adminTask = (await taskOf(other, pid, '1'))!;
    expect(adminTask).toBeDefined();
    expect((await postTask(other, o.admin, `/api/flow/approvetask/${adminTask}`, {})).json()).toEqual({ errCode: 0 });
    expect(await statusOf(other, pid)).toBe('1');
  });
});

describe('cancel, remind, time limits', () => {
  it('the initiator withdraws while nobody has acted; not afterwards, and nobody else can', async () => {
    const { processInstanceId: pid } = await submit(t, w, { plate_no: '浙C1', load_ton: 30 });
    expect((await t.call(w.cookies.chief, 'GET', `/api/flow/processcancel/${pid}`)).statusCode).toBe(403);
    expect((await t.call(w.cookies.clerk, 'GET', `/api/flow/processcancel/${pid}`)).json()).toEqual({ errCode: 0 });
    expect(await statusOf(t, pid)).toBe('3');
    expect(await taskOf(t, pid, w.ids.chief)).toBeUndefined();
    const second = await submit(t, w, { plate_no: '浙C2', load_ton: 30 });
    await approve('chief', (await taskOf(t, second.processInstanceId, w.ids.chief))!);
    expect((await t.call(w.cookies.clerk, 'GET', `/api/flow/processcancel/${second.processInstanceId}`)).json()).toEqual({ errCode: 409, errMsg: '流程已有审批记录，不能撤回' });
  });

  it('reminds the current assignees at most once an hour', async () => {
    const { processInstanceId: pid } = await submit(t, w, { plate_no: '浙C3', load_ton: 5 });
    expect((await t.call(w.cookies.clerk, 'GET', `/api/flow/processremind/${pid}`)).json()).toEqual({ errCode: 0, reminded: 1 });
    expect(await msgs(w.ids.chief, 2)).toContain('催办：王登记提交的危化品车辆入园登记');
    expect((await t.call(w.cookies.clerk, 'GET', `/api/flow/processremind/${pid}`)).json()).toEqual({ errCode: 429, errMsg: '每个流程一小时内只能催办一次' });
  });

  it('past the time limit: remind, escalate to the supervisor, or pass, as the node says', async () => {
    const deps = { db: t.booted.ctx.db, forms: t.booted.ctx.forms, records: t.booted.ctx.records };
    const tree = (action: string) => ({ nodeId: 's', nodeName: '发起人', type: 0, childNode: approver('限时', person(w.ids.other), { timeLimitHours: 2, timeoutAction: action }) });
    await deploy(t, w, tree('escalate'));
    const esc = await submit(t, w, { plate_no: '浙D1', load_ton: 1 });
    const due = (await t.sql.query(`select due_time from flow_task where instance_id = $1`, [esc.processInstanceId])).rows[0].due_time as Date;
    expect(Math.abs(due.getTime() - Date.now() - 2 * 3_600_000)).toBeLessThan(60_000);
    expect(await sweepOverdue(deps)).toBe(0);
    await deploy(t, w, tree('pass'));
    const pass = await submit(t, w, { plate_no: '浙D2', load_ton: 1 });
    expect(await sweepOverdue(deps, new Date(Date.now() + 3 * 3_600_000))).toBe(2);
    // escalate: reminded, then handed to 周同事's supervisor 李科长.
    expect(await taskOf(t, esc.processInstanceId, w.ids.chief)).toBeDefined();
    expect(await taskOf(t, esc.processInstanceId, w.ids.other)).toBeUndefined();
    expect(await statusOf(t, pass.processInstanceId)).toBe('1');
    expect(await sweepOverdue(deps, new Date(Date.now() + 3 * 3_600_000))).toBe(0);
    await deploy(t, w, twoLevelTree(w.ids));
  });
});

describe('the seeded demo approval (npm start)', () => {
  it('passes the designer\'s checks and runs on 危化品车辆入园登记: 张三 files, 李四 approves, 王五 for a heavy load, 赵六 gets the copy', async () => {
    // The shared test template leaves the demo people out (test/globalSetup.ts): seeded here as npm start does.
    await t.booted.ctx.db.transaction().execute((trx) => seedDemoApproval(trx));
    await t.booted.ctx.db.transaction().execute((trx) => seedDemoRoles(trx));
    const form = (await t.sql.query(`select f.id, m.node_config from form_conf f join flow_model m on m.form_id = f.id where f.form_name = '危化品车辆入园登记' order by f.id limit 1`)).rows[0];
    const models = new Set(flattenControls((await t.booted.ctx.forms.load(t.booted.ctx.db, String(form.id))).meta).map((c) => String(c.model ?? '')));
    expect(checkApprovalTree(form.node_config, models)).toEqual([]);
    const zhangsan = await t.login('zhangsan');
    const res = await t.call(zhangsan, 'POST', `/api/form/startformflow/${form.id}`, { plate_no: '皖A33333', vehicle_type: '罐式货车', cargo_kind: '普通货物', cargo_note: '钢材', rated_load: 40, actual_load: 30, driver_mobile: '13855101234', entry_date: '2026-11-26' });
    expect(res.json(), res.body).toMatchObject({ errCode: 0 });
    const pid = res.json().processInstanceId as number;
    const id = async (u: string) => String((await t.sql.query(`select id from sys_user where username = $1`, [u])).rows[0].id);
    const lisi = await t.login('lisi');
    expect((await postTask(t, lisi, `/api/flow/approvetask/${(await taskOf(t, pid, await id('lisi')))!}`, {})).json()).toEqual({ errCode: 0 });
    const wangwu = await t.login('wangwu');
    expect((await postTask(t, wangwu, `/api/flow/approvetask/${(await taskOf(t, pid, await id('wangwu')))!}`, {})).json()).toEqual({ errCode: 0 });
    expect(await statusOf(t, pid)).toBe('1');
    expect(await msgs(await id('zhaoliu'), 1)).toHaveLength(1);
  });

  it('gives each demo person the role of their story, with only the menus they use (issue 42)', async () => {
    type Node = { name: string; children?: Node[] };
    const names = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children ?? [])]);
    const menusOf = async (username: string) => names((await t.call(await t.login(username), 'GET', '/api/user/listRouter/1')).json().children as Node[]);
    const roleOf = async (username: string) =>
      (await t.sql.query(`select r.role_name from sys_user u join sys_user_role ur on ur.user_id = u.id join sys_role r on r.id = ur.role_id where u.username = $1`, [username])).rows.map((r) => r.role_name);
    expect(await roleOf('zhangsan')).toEqual(['车辆登记员']);
    expect(await roleOf('lisi')).toEqual(['审批人']);
    expect(await roleOf('wangwu')).toEqual(['审批人']);
    expect(await roleOf('zhaoliu')).toEqual(['抄送阅读人']);
    const workbench = ['首页', '工作台', '待办事项', '消息中心'];
    expect((await menusOf('zhangsan')).sort()).toEqual([...workbench, '业务表单', '危化品车辆入园登记'].sort());
    for (const u of ['lisi', 'wangwu', 'zhaoliu']) expect((await menusOf(u)).sort(), u).toEqual([...workbench].sort());
    // The filer may view and add, and edit or delete only what he created; the others have no form right at all.
    const form = (await t.sql.query(`select id from form_conf where form_name = '危化品车辆入园登记' order by id limit 1`)).rows[0].id as string;
    const zhangsan = await t.login('zhangsan');
    const others = (await t.call(await t.login(), 'POST', `/api/form/addformdata/${form}`, { plate_no: '皖A00001', vehicle_type: '罐式货车', cargo_kind: '普通货物', rated_load: 40, actual_load: 5, driver_mobile: '13855100001', entry_date: '2026-12-02' })).json();
    expect(others, JSON.stringify(others)).toMatchObject({ errCode: 0 });
    const othersId = String(others.businessId);
    expect((await t.call(zhangsan, 'POST', `/api/form/updateformdata/${form}`, { id: othersId, plate_no: '皖A00002' })).statusCode).toBe(404);
    await t.call(zhangsan, 'GET', `/api/form/batchdeleteformdata/${form}?businessIds=${othersId}`);
    expect((await t.sql.query(`select plate_no from "form_${form}" where id = $1`, [othersId])).rows).toEqual([{ plate_no: '皖A00001' }]);
    expect((await t.call(zhangsan, 'GET', '/api/user/listOptLog?pageNum=1&pageSize=10')).statusCode).toBe(403);
    expect((await t.call(await t.login('lisi'), 'POST', `/api/form/addformdata/${form}`, { plate_no: '皖A00000' })).statusCode).toBe(403);

    // On an upgrade: a demo person still holding only 园区管理员 (as seeded before) moves to their
    // role; one whose roles an administrator has changed is left alone.
    const setRoles = async (u: string, codes: string[]) => {
      await t.sql.query(`delete from sys_user_role where user_id = (select id from sys_user where username = $1)`, [u]);
      await t.sql.query(`insert into sys_user_role (user_id, role_id) select (select id from sys_user where username = $1), id from sys_role where role_code = any($2)`, [u, codes]);
    };
    await setRoles('zhangsan', ['park_admin']);
    await setRoles('lisi', ['park_admin', 'demo_approver']);
    await t.booted.ctx.db.transaction().execute((trx) => seedDemoRoles(trx));
    expect(await roleOf('zhangsan')).toEqual(['车辆登记员']);
    expect((await roleOf('lisi')).sort()).toEqual(['园区管理员', '审批人'].sort());
  });
});

describe('系统管理 › 节假日', () => {
  it('saves, lists and deletes calendar days for the administrator only', async () => {
    expect((await t.call(w.admin, 'POST', '/api/system/holiday/save', { day: '2026-10-01', workday: false, name: '国庆节' })).json()).toEqual({ errCode: 0 });
    expect((await t.call(w.admin, 'POST', '/api/system/holiday/save', { day: '2026-09-27', workday: true, name: '调休上班' })).json()).toEqual({ errCode: 0 });
    expect((await t.call(w.admin, 'GET', '/api/system/holiday/query?year=2026')).json().list).toEqual([
      { day: '2026-09-27', workday: true, name: '调休上班' },
      { day: '2026-10-01', workday: false, name: '国庆节' },
    ]);
    expect((await t.call(w.admin, 'POST', '/api/system/holiday/save', { day: '2026-13-01', workday: false })).json().errMsg).toBe('日期格式应为 yyyy-MM-dd');
    expect((await t.call(w.cookies.clerk, 'GET', '/api/system/holiday/query')).statusCode).toBe(403);
    expect((await t.call(w.admin, 'GET', '/api/system/holiday/delete?day=2026-10-01')).json()).toEqual({ errCode: 0 });
    expect((await t.call(w.admin, 'GET', '/api/system/holiday/query?year=2026')).json().list).toHaveLength(1);
  });
});
