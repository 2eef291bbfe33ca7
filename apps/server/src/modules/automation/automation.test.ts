import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import example from '../../../../../../shared/reference/examples/automation-flow.json' with { type: 'json' };
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { addUser } from '../admin/testHelpers.ts';
import type { AutomationEngine } from './engine.ts';
import {
  addRecord,
  createForm,
  flow,
  ledgerMeta,
  runAll,
  stockMeta,
  testEngine,
  updateRecord,
  vehicleMeta,
} from './testSupport.ts';

let t: TestApp;
let admin: string;
let engine: AutomationEngine;
let vehicle: number;
let ledger: number;
let stock: number;

/** The reference flow with its stand-in form ids (101/102/103) replaced by this database's forms. */
function exampleFlow() {
  const text = JSON.stringify(example).replace(/"destId": ?101/, `"destId":${vehicle}`).replace(/"formId": ?102/, `"formId":${ledger}`).replace(/"formId": ?103/, `"formId":${stock}`);
  return JSON.parse(text) as typeof example;
}

const q = async (text: string, params: unknown[] = []) => (await t.sql.query(text, params)).rows;

async function save(body: Record<string, unknown>) {
  return t.call(admin, 'POST', '/api/automation/flow/save', body);
}

async function stockOf(company: string): Promise<number> {
  return Number((await q(`select stock_ton from form_${stock} where company_name = $1`, [company]))[0]?.stock_ton);
}

async function executionsOf(flowId: number) {
  return q(`select * from auto_execution where flow_id = $1 order by id`, [flowId]);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  vehicle = await createForm(t, admin, '危化品车辆入园登记（自动化）', vehicleMeta());
  ledger = await createForm(t, admin, '入园车辆台账', ledgerMeta());
  stock = await createForm(t, admin, '企业危化品库存', stockMeta());
  await addRecord(t, admin, stock, { company_name: '宜化化工', stock_ton: '100' });
  engine = testEngine(t);
});
afterAll(() => t.close());

describe('the reference flow (reference/examples/automation-flow.json)', () => {
  let flowId: number;

  it('is accepted as it is, with its node ids kept', async () => {
    const res = await save(exampleFlow());
    expect(res.json()).toMatchObject({ errCode: 0, version: 1, warnings: [] });
    flowId = res.json().id;
    const got = (await t.call(admin, 'GET', `/api/automation/flow/getbyid/${flowId}`)).json();
    expect(got.flow).toMatchObject({ flowName: example.flowName, formId: vehicle, event: 'insert', status: 1, version: 1 });
    expect(got.flow.nodeConfig.childNode.conditionNodes[0].childNode.nodeId).toBe('n-act-1');
  });

  it('runs once for a hazardous vehicle: ledger row, stock subtracted, one message, steps recorded', async () => {
    const id = await addRecord(t, admin, vehicle, { plate_no: '鄂E12345', company_name: '宜化化工', load_ton: '12.5', is_hazard: '是' });
    // The execution exists as soon as the record does: written by the same transaction.
    const [exec] = await executionsOf(flowId);
    expect(exec).toMatchObject({ status: 'pending', record_id: String(id), depth: 0, event: 'insert' });
    await runAll(t, engine);
    await runAll(t, engine);
    const rows = await q(`select plate_no, load_ton, source, create_by from form_${ledger}`);
    expect(rows).toEqual([{ plate_no: '鄂E12345', load_ton: '12.5', source: '自动登记', create_by: '1' }]);
    expect(await stockOf('宜化化工')).toBe(87.5);
    const msgs = await q(`select title, content, big_type, small_type, menu_url from msg_message where title like '危化品车辆入园%'`);
    expect(msgs).toEqual([{ title: '危化品车辆入园：鄂E12345', content: '宜化化工 的 鄂E12345 载 12.5 吨入园', big_type: 2, small_type: 5, menu_url: '/form/list/102' }]);
    const detail = (await t.call(admin, 'GET', `/api/automation/execution/getbyid/${exec.id}`)).json();
    expect(detail.execution).toMatchObject({ status: 'success', flowName: example.flowName, version: 1 });
    expect(detail.steps.map((s: { nodeId: string; status: string }) => `${s.nodeId}:${s.status}`)).toEqual([
      'n-trigger:success', 'n-route:success', 'n-cond-1:success', 'n-act-1:success', 'n-act-2:success', 'n-act-3:success',
    ]);
    expect(detail.steps[1].output).toEqual({ branch: { nodeId: 'n-cond-1', nodeName: '条件1' } });
    expect(detail.steps[4].output.changes).toEqual([{ stock_ton: { before: '100', after: '87.5' } }]);
    // A condition's and an action's input is the node's conf in the version it ran on.
    expect(detail.steps[2].input).toEqual(example.nodeConfig.childNode.conditionNodes[0]!.conf);
    expect(detail.steps[4].input).toMatchObject({ actionType: 'formTask', action: 'update' });
    // The automation's own writes are events one level deeper, naming the execution, and are in the operation log.
    const events = await q(`select op, depth, execution_id from form_event where form_id in ($1, $2) order by id`, [ledger, stock]);
    expect(events.slice(-2)).toEqual([
      { op: 'insert', depth: 1, execution_id: String(exec.id) },
      { op: 'update', depth: 1, execution_id: String(exec.id) },
    ]);
    const log = await q(`select action from sys_operation_log where action like '自动化「%' order by id`);
    expect(log.map((r) => r.action)).toEqual([`自动化「${example.flowName}」新增表单数据`, `自动化「${example.flowName}」修改表单数据`]);
  });

  it('takes the other branch when the condition does not hold, writing nothing', async () => {
    await addRecord(t, admin, vehicle, { plate_no: '鄂E00001', company_name: '宜化化工', load_ton: '3', is_hazard: '否' });
    await runAll(t, engine);
    const [, exec] = await executionsOf(flowId);
    expect(exec.status).toBe('success');
    expect(await q(`select count(*)::int as n from form_${ledger}`)).toEqual([{ n: 1 }]);
    const steps = await q(`select node_id, output from auto_step where execution_id = $1 order by id`, [exec.id]);
    expect(steps.map((s) => s.node_id)).toEqual(['n-trigger', 'n-route', 'n-cond-2']);
  });

  it('plans a dry run without writing or sending anything', async () => {
    expect((await t.call(admin, 'GET', `/api/automation/flow/enable/${flowId}?status=0`)).json()).toEqual({ errCode: 0 });
    const id = await addRecord(t, admin, vehicle, { plate_no: '鄂E77777', company_name: '宜化化工', load_ton: '2', is_hazard: '是' });
    const before = await q(`select (select count(*) from form_${ledger})::int as l, (select count(*) from msg_message)::int as m`);
    const res = await t.call(admin, 'POST', '/api/automation/flow/dryrun', { id: flowId, businessId: id, event: 'insert' });
    expect(res.json().errCode).toBe(0);
    expect(res.json().path.map((n: { nodeId: string }) => n.nodeId)).toEqual(['n-trigger', 'n-route', 'n-cond-1', 'n-act-1', 'n-act-2', 'n-act-3']);
    expect(res.json().effects[0]).toMatchObject({ action: 'insert', values: { plate_no: '鄂E77777', load_ton: '2', source: '自动登记' } });
    expect(res.json().effects[1].matched).toEqual([expect.objectContaining({ before: { stock_ton: '87.5' }, after: { stock_ton: 85.5 } })]);
    expect(res.json().effects[2]).toMatchObject({ kind: 'message', receivers: ['1'], title: '危化品车辆入园：鄂E77777' });
    expect(await q(`select (select count(*) from form_${ledger})::int as l, (select count(*) from msg_message)::int as m`)).toEqual(before);
    // Disabled: the record above created no execution.
    expect((await executionsOf(flowId)).length).toBe(2);
    await t.call(admin, 'GET', `/api/automation/flow/enable/${flowId}?status=1`);
  });

  it('refuses a value the target form refuses, tells the owner why, and retries from the failed node', async () => {
    await addRecord(t, admin, vehicle, { plate_no: '鄂E99999', company_name: '宜化化工', load_ton: '500', is_hazard: '是' });
    await runAll(t, engine);
    const exec = (await executionsOf(flowId)).at(-1)!;
    expect(exec.status).toBe('failed');
    expect(exec.error).toContain('0');
    expect(exec.failed_node_id).toBe('n-act-2');
    expect(exec.attempts).toBe(0);
    const failure = await q(`select title, content, small_type, receiver_id from msg_message where small_type = 6`);
    expect(failure).toEqual([{ title: `自动化「${example.flowName}」执行失败`, content: exec.error, small_type: 6, receiver_id: '1' }]);
    // The ledger row of the first action stays; the stock is untouched.
    expect(await q(`select count(*)::int as n from form_${ledger} where plate_no = '鄂E99999'`)).toEqual([{ n: 1 }]);
    expect(await stockOf('宜化化工')).toBe(87.5);

    await t.sql.query(`update form_${stock} set stock_ton = 1000 where company_name = '宜化化工'`);
    const retry = await t.call(admin, 'GET', `/api/automation/execution/retry/${exec.id}`);
    expect(retry.json()).toEqual({ errCode: 0 });
    await runAll(t, engine);
    const again = (await executionsOf(flowId)).at(-1)!;
    expect(again.status).toBe('success');
    expect(await stockOf('宜化化工')).toBe(500);
    // Nothing ran twice: one ledger row, one message.
    expect(await q(`select count(*)::int as n from form_${ledger} where plate_no = '鄂E99999'`)).toEqual([{ n: 1 }]);
    expect(await q(`select count(*)::int as n from msg_message where title = '危化品车辆入园：鄂E99999'`)).toEqual([{ n: 1 }]);
    const steps = await q(`select node_id, status from auto_step where execution_id = $1 order by id`, [exec.id]);
    expect(steps.map((s) => `${s.node_id}:${s.status}`)).toEqual([
      'n-trigger:success', 'n-route:success', 'n-cond-1:success', 'n-act-1:success', 'n-act-2:failed', 'n-act-2:success', 'n-act-3:success',
    ]);
    expect((await t.call(admin, 'GET', `/api/automation/execution/retry/${exec.id}`)).json()).toMatchObject({ errCode: 409, errMsg: '只有执行失败的记录可以重试' });
  });

  it('retries a transient failure (a lock wait) at the configured delays, then succeeds', async () => {
    // Retries 1.5 s apart here, so the first failure can be looked at before the retry comes due.
    const patient = testEngine(t, { retryDelaysMs: [1500, 1500, 1500] });
    const holder = await t.sql.connect();
    try {
      await holder.query('begin');
      await holder.query(`select * from form_${stock} for update`);
      await addRecord(t, admin, vehicle, { plate_no: '鄂E55555', company_name: '宜化化工', load_ton: '1', is_hazard: '是' });
      await patient.drain();
      const exec = (await executionsOf(flowId)).at(-1)!;
      expect(exec).toMatchObject({ status: 'pending', attempts: 1, error: '等待数据锁超时，稍后重试', failed_node_id: 'n-act-2' });
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    await runAll(t, patient);
    expect((await executionsOf(flowId)).at(-1)!.status).toBe('success');
    expect(await stockOf('宜化化工')).toBe(499);
  });

  it('fails after the last retry and tells the owner', async () => {
    const holder = await t.sql.connect();
    try {
      await holder.query('begin');
      await holder.query(`select * from form_${stock} for update`);
      await addRecord(t, admin, vehicle, { plate_no: '鄂E44444', company_name: '宜化化工', load_ton: '1', is_hazard: '是' });
      await runAll(t, engine);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    const exec = (await executionsOf(flowId)).at(-1)!;
    expect(exec).toMatchObject({ status: 'failed', attempts: 4, error: '等待数据锁超时，稍后重试' });
    expect(await q(`select count(*)::int as n from auto_step where execution_id = $1 and status = 'failed'`, [exec.id])).toEqual([{ n: 4 }]);
    expect(await q(`select count(*)::int as n from msg_message where small_type = 6`)).toEqual([{ n: 2 }]);
  });

  it('finishes an execution on the version it started with', async () => {
    await addRecord(t, admin, vehicle, { plate_no: '鄂E10001', company_name: '宜化化工', load_ton: '1', is_hazard: '是' });
    const v2 = exampleFlow();
    const act1 = v2.nodeConfig.childNode.conditionNodes[0]!.childNode!;
    (act1.conf.formConf.columns[2] as { value: string }).value = '版本2';
    const res = await save({ ...v2, id: flowId });
    expect(res.json()).toMatchObject({ errCode: 0, id: flowId, version: 2 });
    await addRecord(t, admin, vehicle, { plate_no: '鄂E10002', company_name: '宜化化工', load_ton: '1', is_hazard: '是' });
    await runAll(t, engine);
    expect(await q(`select plate_no, source from form_${ledger} where plate_no like '鄂E1000%' order by plate_no`)).toEqual([
      { plate_no: '鄂E10001', source: '自动登记' },
      { plate_no: '鄂E10002', source: '版本2' },
    ]);
    const list = (await t.call(admin, 'GET', `/api/automation/execution/query?flowId=${flowId}&pageNum=1&pageSize=2`)).json();
    expect(list.datas.map((d: { version: number; status: string }) => `${d.version}:${d.status}`)).toEqual(['2:success', '1:success']);
    expect(list.totalCount).toBeGreaterThan(5);
  });
});

describe('saving a flow', () => {
  const msg = { actionType: 'msgTask', title: '标题', content: '内容', menuUrl: '/home', recipient: { type: 3 } };

  it('refuses what the designer refuses, with the same messages', async () => {
    const bad = async (nodeConfig: unknown) => (await save({ flowName: '坏的', nodeConfig })).json();
    const noEvent = flow(vehicle, '', [{ conf: msg }]);
    expect(await bad(noEvent)).toMatchObject({ errCode: 400, errMsg: '触发器：请选择触发事件' });
    expect(await bad(flow(vehicle, 'insert', [{ conf: { ...msg, title: '' } }]))).toMatchObject({ errMsg: '动作1：请输入标题' });
    expect(await bad(flow(vehicle, 'insert', [{ conf: { ...msg, recipient: { type: 0, role: [] } } }]))).toMatchObject({ errMsg: '动作1：请添加角色' });
    expect(await bad(flow(vehicle, 'insert', [{ conf: { actionType: 'formTask', action: 'update', formConf: { formId: stock, filter: [] } } }]))).toMatchObject({ errMsg: '动作1：请设置主表单条件' });
    expect(await bad(flow(vehicle, 'insert', [{ conf: { actionType: 'formTask', action: 'insert', formConf: { formId: vehicle } } }]))).toMatchObject({ errMsg: '动作1：你选择表单和触发器相同，请重新选择' });
    expect(await bad(flow(vehicle, 'insert', [{ conf: { actionType: 'formTask', action: 'insert', formConf: { formId: ledger, columns: [{ model: 'nope', type: '0', value: 1 }] } } }]))).toMatchObject({ errMsg: '表单「入园车辆台账」没有字段 nope' });
    expect(await bad(flow(vehicle, 'insert', [{ conf: msg }], [{ model: 'nope', matchType: '$eq', value: '1' }]))).toMatchObject({ errMsg: '查询条件字段不存在: nope' });
    expect(await bad(flow(999999, 'insert', [{ conf: msg }]))).toMatchObject({ errCode: 404, errMsg: '表单不存在' });
    expect((await save({ flowName: ' ', nodeConfig: noEvent })).json()).toMatchObject({ errMsg: '请输入自动化名称' });
  });

  it('takes a message action without 跳转地址 (issue 42): the message goes out with no address', async () => {
    const [adminRow] = await q(`select id from sys_user where username = 'admin'`);
    const conf = { ...msg, title: '无跳转 ${plate_no}', menuUrl: '', recipient: { type: 1, person: [{ id: Number(adminRow!.id), name: '系统管理员', type: 1 }] } };
    const saved = await save({ flowName: '无跳转地址', nodeConfig: flow(vehicle, 'insert', [{ conf }]) });
    expect(saved.json(), saved.body).toMatchObject({ errCode: 0 });
    await addRecord(t, admin, vehicle, { plate_no: '鄂Z00042', is_hazard: '否' });
    await runAll(t, engine);
    expect(await q(`select menu_url from msg_message where title = '无跳转 鄂Z00042'`)).toEqual([{ menu_url: null }]);
    await t.sql.query(`update auto_flow set status = 0 where flow_name = '无跳转地址'`);
  });

  it('is refused to users without the automation permission', async () => {
    const user = await addUser(t, admin, 'auto_viewer', {});
    const other = await t.login('auto_viewer', user.password);
    expect((await t.call(other, 'GET', '/api/automation/execution/query?pageNum=1&pageSize=10')).statusCode).toBe(403);
    expect((await t.call(other, 'POST', '/api/automation/flow/save', { flowName: 'x', nodeConfig: {} })).statusCode).toBe(403);
  });
});

describe('update and delete triggers, sub-tables and the loop guard', () => {
  it('runs on field-update conditions: any change, from → to, and changed to', async () => {
    const ways: Array<[string, Record<string, unknown>]> = [
      ['任意变化', { model: 'state', updateWay: '0' }],
      ['从待审到通过', { model: 'state', updateWay: '1', beforeValue: '待审', afterValue: '通过' }],
      ['变为驳回', { model: 'state', updateWay: '2', assignValue: '驳回' }],
    ];
    for (const [name, cond] of ways) {
      const nodeConfig = flow(vehicle, 'update', [{ conf: { actionType: 'formTask', action: 'insert', formConf: { formId: ledger, columns: [{ model: 'plate_no', type: '1', value: '${plate_no}' }, { model: 'source', type: '0', value: name }] } } }], [], [cond]);
      expect((await save({ flowName: name, nodeConfig })).json().errCode).toBe(0);
    }
    const id = await addRecord(t, admin, vehicle, { plate_no: '鄂A00001', state: '待审', is_hazard: '否' });
    await updateRecord(t, admin, vehicle, { id: String(id), state: '通过' });
    await updateRecord(t, admin, vehicle, { id: String(id), load_ton: '3' });
    await updateRecord(t, admin, vehicle, { id: String(id), state: '驳回' });
    await runAll(t, engine);
    const rows = await q(`select source from form_${ledger} where plate_no = '鄂A00001' order by id`);
    // Two changes of 状态 (any change twice), 待审 → 通过 once, → 驳回 once; the 载重 change matched none.
    expect(rows.map((r) => r.source).sort()).toEqual(['从待审到通过', '任意变化', '任意变化', '变为驳回'].sort());
    await t.sql.query(`update auto_flow set status = 0 where event = 'update'`);
  });

  it('writes sub-table rows on insert, updates and deletes them by filter, and deletes records', async () => {
    const insert = flow(vehicle, 'insert', [
      { conf: { actionType: 'formTask', action: 'insert', formConf: { formId: ledger, columns: [{ model: 'plate_no', type: '1', value: '${plate_no}' }, { model: 'source', type: '0', value: '子表' }], subTable: [
        { key: 'goods', operate: 'insert', columns: [{ model: 'goods_name', type: '0', value: '液氯' }, { model: 'qty', type: '1', value: '${load_ton} * 2' }] },
      ] } } },
      { conf: { actionType: 'formTask', action: 'update', formConf: { formId: ledger, filter: [{ model: 'plate_no', condType: 0, conds: [{ matchType: '$eq', value: '${plate_no}', valueType: 1 }] }], columns: [], subTable: [
        { key: 'goods', operate: 'update', filter: [{ model: 'goods_name', condType: 0, conds: [{ matchType: '$eq', value: '液氯' }] }], columns: [{ model: 'qty', type: '0', value: '1', formula: 'plus' }] },
        { key: 'goods', operate: 'insert', columns: [{ model: 'goods_name', type: '0', value: '硫酸' }, { model: 'qty', type: '0', value: '5' }] },
      ] } } },
    ], [{ model: 'plate_no', matchType: '$hlike', value: '鄂S' }]);
    const saved = await save({ flowName: '子表', nodeConfig: insert });
    expect(saved.json().errCode).toBe(0);
    const del = flow(vehicle, 'delete', [
      { conf: { actionType: 'formTask', action: 'delete', formConf: { formId: ledger, filter: [{ model: 'plate_no', condType: 0, conds: [{ matchType: '$eq', value: 'plate_no', valueType: 1 }] }], subTable: [
        { key: 'goods', operate: 'delete', filter: [{ model: 'goods_name', condType: 0, conds: [{ matchType: '$eq', value: '硫酸' }] }] },
      ] } } },
    ]);
    expect((await save({ flowName: '删除', nodeConfig: del })).json().errCode).toBe(0);

    const id = await addRecord(t, admin, vehicle, { plate_no: '鄂S00001', load_ton: '4', is_hazard: '否' });
    await runAll(t, engine);
    const [parent] = await q(`select id from form_${ledger} where plate_no = '鄂S00001'`);
    expect(await q(`select goods_name, qty from form_${ledger}__goods where parent_id = $1 order by id`, [parent.id])).toEqual([
      { goods_name: '液氯', qty: '9' },
      { goods_name: '硫酸', qty: '5' },
    ]);
    const gone = await t.call(admin, 'GET', `/api/form/batchdeleteformdata/${vehicle}?businessIds=${id}`);
    expect(gone.json().errCode).toBe(0);
    await runAll(t, engine);
    expect(await q(`select count(*)::int as n from form_${ledger} where plate_no = '鄂S00001'`)).toEqual([{ n: 0 }]);
    const ops = await q(`select action from sys_operation_log where action like '自动化「删除」%' order by id`);
    expect(ops.map((r) => r.action)).toEqual(['自动化「删除」删除子表数据（货物）', '自动化「删除」删除表单数据']);
    await t.sql.query(`update auto_flow set status = 0 where flow_name in ('子表', '删除')`);
  });

  it('stops two flows that write each other’s forms at the depth limit, and warns when saving them', async () => {
    const x = await createForm(t, admin, '循环甲', { list: [{ type: 'input', name: '名称', key: 'k1', model: 'name', options: {}, rules: [] }], config: {} });
    const y = await createForm(t, admin, '循环乙', { list: [{ type: 'input', name: '名称', key: 'k1', model: 'name', options: {}, rules: [] }], config: {} });
    const copy = (to: number) => [{ conf: { actionType: 'formTask', action: 'insert', formConf: { formId: to, columns: [{ model: 'name', type: '1', value: '${name}' }] } } }];
    expect((await save({ flowName: '甲写乙', nodeConfig: flow(x, 'insert', copy(y)) })).json().warnings).toEqual([]);
    const second = (await save({ flowName: '乙写甲', nodeConfig: flow(y, 'insert', copy(x)) })).json();
    expect(second.warnings).toEqual(['自动化之间存在循环触发：乙写甲 → 甲写乙 → 乙写甲']);
    await addRecord(t, admin, x, { name: '起点' });
    await runAll(t, engine);
    const execs = await q(`select e.depth, e.status, e.error from auto_execution e join auto_flow f on f.id = e.flow_id where f.flow_name in ('甲写乙', '乙写甲') order by e.id`);
    expect(execs.map((e) => `${e.depth}:${e.status}`)).toEqual(['0:success', '1:success', '2:success', '3:success', '4:success', '5:success', '6:skipped']);
    expect(execs.at(-1)!.error).toBe('循环触发已阻止');
    expect(await q(`select (select count(*) from form_${x})::int as x, (select count(*) from form_${y})::int as y`)).toEqual([{ x: 4, y: 3 }]);
    const skipped = (await t.call(admin, 'GET', '/api/automation/execution/query?status=skipped&pageNum=1&pageSize=10')).json();
    expect(skipped.datas).toEqual([expect.objectContaining({ status: 'skipped', error: '循环触发已阻止', depth: 6 })]);
  });
});

describe('several instances', () => {
  it('share the executions: two engines on one database run each event once', async () => {
    const from = await createForm(t, admin, '多实例来源', { list: [{ type: 'input', name: '名称', key: 'k1', model: 'name', options: {}, rules: [] }], config: {} });
    const to = await createForm(t, admin, '多实例目标', { list: [{ type: 'input', name: '名称', key: 'k1', model: 'name', options: {}, rules: [] }], config: {} });
    const copy = [{ conf: { actionType: 'formTask', action: 'insert', formConf: { formId: to, columns: [{ model: 'name', type: '1', value: '${name}' }] } } }];
    expect((await save({ flowName: '多实例', nodeConfig: flow(from, 'insert', copy) })).json().errCode).toBe(0);
    await t.sql.query(
      `with r as (insert into "form_${from}" (name, create_by, update_by) select '记录' || g, 1, 1 from generate_series(1, 300) g returning *)
       insert into form_event (form_id, record_id, op, after, actor_id) select $1, r.id, 'insert', to_jsonb(r), 1 from r`,
      [from],
    );
    const a = testEngine(t);
    const b = testEngine(t);
    await Promise.all([runAll(t, a), runAll(t, b)]);
    expect(a.stats.success + b.stats.success).toBe(300);
    expect(await q(`select count(*)::int as n, count(distinct name)::int as d from "form_${to}"`)).toEqual([{ n: 300, d: 300 }]);
  });
});


describe('groups of executions', () => {
  it('update their rows together: each execution once, in order, with its own event, log and steps; one by one when one fails', async () => {
    const target = await createForm(t, admin, '分组库存', stockMeta());
    for (const [name, ton] of [['甲', '100'], ['乙', '100'], ['乙', '50'], ['丙', '5']]) await addRecord(t, admin, target, { company_name: name!, stock_ton: ton! });
    const source = await createForm(t, admin, '分组来源', vehicleMeta());
    const subtract = [{ conf: { actionType: 'formTask', action: 'update', formConf: { formId: target,
      filter: [{ model: 'company_name', condType: 0, conds: [{ matchType: '$eq', value: '${company_name}', valueType: 1 }] }],
      columns: [{ model: 'stock_ton', cType: 'number', type: '1', value: '${load_ton}', formula: 'subtract' }] } } }];
    const flowId = (await save({ flowName: '分组扣减', nodeConfig: flow(source, 'insert', subtract) })).json().id as number;
    const arrive = (loads: Array<[string, number]>) =>
      t.sql.query(
        `with r as (insert into "form_${source}" (plate_no, company_name, load_ton, is_hazard, create_by, update_by)
           select 'G' || n, c, l, '是', 1, 1 from unnest($2::text[], $3::numeric[]) with ordinality as x(c, l, n) order by n returning *)
         insert into form_event (form_id, record_id, op, after, actor_id) select $1, r.id, 'insert', to_jsonb(r), 1 from r order by r.id`,
        [source, loads.map((l) => l[0]), loads.map((l) => l[1])],
      );
    const stocks = async () => (await q(`select company_name, stock_ton from form_${target} order by id`)).map((r) => `${r.company_name}${Number(r.stock_ton)}`);

    // 甲 three times, 乙 (two rows) twice, 丁 (no row) once: one group, one transaction.
    await arrive([['甲', 1], ['乙', 2], ['甲', 3], ['甲', 4], ['乙', 5], ['丁', 1]]);
    await runAll(t, engine);
    expect(await stocks()).toEqual(['甲92', '乙93', '乙43', '丙5']);
    const first = await executionsOf(flowId);
    expect(first.map((e) => e.status)).toEqual(Array(6).fill('success'));
    expect(new Set(first.map((e) => String(e.finish_time))).size).toBe(1);
    // Each write has its event (depth 1, naming its execution) and its log row; a row's events chain.
    const events = await q(`select record_id, depth, execution_id, before->>'stock_ton' as b, after->>'stock_ton' as a from form_event where form_id = $1 and depth = 1 order by id`, [target]);
    expect(events).toHaveLength(7);
    expect(events.every((e) => e.depth === 1 && first.some((x) => x.id === e.execution_id))).toBe(true);
    const jia = events.filter((e) => e.record_id === events[0]!.record_id).map((e) => `${Number(e.b)}→${Number(e.a)}`);
    expect(jia).toEqual(['100→99', '99→96', '96→92']);
    // An earlier change's event carries the row as that change left it, as stored rows read.
    const versions = await q(`select (before->>'version')::int as b, (after->>'version')::int as a, after ? 'update_time' as t from form_event where record_id = $1 and form_id = $2 and depth = 1 order by id`, [events[0]!.record_id, target]);
    expect(versions).toEqual([{ b: 1, a: 2, t: true }, { b: 2, a: 3, t: true }, { b: 3, a: 4, t: true }]);
    expect(await q(`select version from form_${target} where id = $1`, [events[0]!.record_id])).toEqual([{ version: 4 }]);
    expect(await q(`select count(*)::int as n from sys_operation_log where target_type = $1 and action = '自动化「分组扣减」修改表单数据'`, [`form:${target}`])).toEqual([{ n: 7 }]);
    const steps = await q(`select s.execution_id, string_agg(s.node_id || ':' || s.status, ',' order by s.id) as path from auto_step s join auto_execution e on e.id = s.execution_id where e.flow_id = $1 group by 1`, [flowId]);
    expect(steps.map((s) => s.path)).toEqual(Array(6).fill('trigger:success,route:success,cond-1:success,act-1:success'));
    const none = await q(`select s.output from auto_step s join auto_execution e on e.id = s.execution_id join "form_${source}" r on r.id = e.record_id where e.flow_id = $1 and r.company_name = '丁' and s.node_id = 'act-1'`, [flowId]);
    expect(none).toEqual([{ output: expect.objectContaining({ action: 'update', ids: [] }) }]);

    // 丙 would go below 0: the group rolls back and runs one by one, so only 丙's execution fails.
    await arrive([['甲', 1], ['丙', 9], ['乙', 1]]);
    await runAll(t, engine);
    expect(await stocks()).toEqual(['甲91', '乙92', '乙42', '丙5']);
    const second = (await executionsOf(flowId)).slice(6);
    expect(second.map((e) => e.status)).toEqual(['success', 'failed', 'success']);
    expect(second[1]).toMatchObject({ failed_node_id: 'act-1', attempts: 0 });
  });
});
