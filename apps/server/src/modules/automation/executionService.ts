import { sql, type Kysely } from 'kysely';
import {
  conditionHolds,
  findNode,
  formatDateTime,
  planPath,
  type ConditionConf,
  type FlowNode,
  type TriggerConf,
} from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../auth/index.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { type FormModelCache, companyOnlyScope, type RecordService } from '../form/index.ts';
import { actionRunnerOf, hasEffects } from './nodes/index.ts';
import type { ActionContext } from './actions/types.ts';
import { recordDirectory } from './directory.ts';
import { reasonOf } from './errors.ts';
import { getFlow, wakeWorkers, type Page } from './flowService.ts';


const iso = (d: Date | null) => (d ? formatDateTime(d) : null);

export async function queryExecutions(
  db: Kysely<Database>,
  q: Page & { flowId?: string; status?: string; formId?: string; recordId?: string },
) {
  let base = db.selectFrom('auto_execution as e');
  if (q.flowId) base = base.where('e.flow_id', '=', q.flowId);
  if (q.status) base = base.where('e.status', '=', q.status);
  if (q.formId) base = base.where('e.form_id', '=', q.formId);
  if (q.recordId) base = base.where('e.record_id', '=', q.recordId);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('auto_flow_version as v', 'v.id', 'e.version_id')
      .leftJoin('form_conf as c', 'c.id', 'e.form_id')
      .select([
        'e.id', 'e.flow_id', 'v.flow_name', 'v.version', 'e.form_id', 'c.form_name', 'e.record_id', 'e.event', 'e.depth',
        'e.status', 'e.attempts', 'e.error', 'e.failed_node_id', 'e.next_run_at', 'e.create_time', 'e.finish_time',
      ])
      .orderBy('e.id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize)
      .execute(),
    // Counting past 10,000 rows is a scan nobody waits for.
    db
      .selectFrom(base.select(sql<number>`1`.as('one')).limit(10_001).as('x'))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    datas: rows.map((r) => ({
      id: Number(r.id),
      flowId: Number(r.flow_id),
      flowName: r.flow_name,
      version: r.version,
      formId: Number(r.form_id),
      formName: r.form_name,
      recordId: Number(r.record_id),
      event: r.event,
      depth: r.depth,
      status: r.status,
      attempts: r.attempts,
      error: r.error,
      failedNodeId: r.failed_node_id,
      nextRunTime: r.status === 'pending' ? iso(r.next_run_at) : null,
      createTime: iso(r.create_time),
      finishTime: iso(r.finish_time),
    })),
    totalCount: Number(count.n),
  };
}

export async function getExecution(db: Kysely<Database>, id: string) {
  const row = await db
    .selectFrom('auto_execution as e')
    .innerJoin('auto_flow_version as v', 'v.id', 'e.version_id')
    .leftJoin('form_conf as c', 'c.id', 'e.form_id')
    .select([
      'e.id', 'e.flow_id', 'v.flow_name', 'v.version', 'v.node_config', 'e.form_id', 'c.form_name', 'e.record_id', 'e.event',
      'e.event_id', 'e.depth', 'e.status', 'e.attempts', 'e.error', 'e.failed_node_id', 'e.create_time', 'e.start_time', 'e.finish_time',
    ])
    .where('e.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('执行记录不存在');
  const [steps, event] = await Promise.all([
    db.selectFrom('auto_step').selectAll().where('execution_id', '=', id).orderBy('id').execute(),
    db.selectFrom('form_event').select(['before', 'after']).where('id', '=', row.event_id).executeTakeFirst(),
  ]);
  // Inputs are not copied into the steps: a trigger's is its event (the record before and after the
  // change), a condition's or an action's is its conf in the version the execution ran on.
  const inputOf = (nodeType: number, nodeId: string): unknown =>
    nodeType === 0 ? (event ? { before: event.before, after: event.after } : null) : (findNode(row.node_config as FlowNode, nodeId)?.conf ?? null);
  return {
    execution: {
      id: Number(row.id),
      flowId: Number(row.flow_id),
      flowName: row.flow_name,
      version: row.version,
      nodeConfig: row.node_config,
      formId: Number(row.form_id),
      formName: row.form_name,
      recordId: Number(row.record_id),
      eventId: Number(row.event_id),
      event: row.event,
      depth: row.depth,
      status: row.status,
      attempts: row.attempts,
      error: row.error,
      failedNodeId: row.failed_node_id,
      createTime: iso(row.create_time),
      startTime: iso(row.start_time),
      finishTime: iso(row.finish_time),
    },
    steps: steps.map((s) => ({
      id: Number(s.id),
      nodeId: s.node_id,
      nodeName: s.node_name,
      nodeType: s.node_type,
      attempt: s.attempt,
      status: s.status,
      input: s.input ?? inputOf(s.node_type, s.node_id),
      output: s.output,
      error: s.error,
      startTime: iso(s.start_time),
      finishTime: iso(s.finish_time),
    })),
  };
}

/** Runs a failed execution again from its failed node: nodes that succeeded keep their effects and are not run twice. */
export async function retryExecution(db: Kysely<Database>, id: string): Promise<void> {
  const r = await db
    .updateTable('auto_execution')
    .set({ status: 'pending', attempts: 0, next_run_at: new Date(), error: null, finish_time: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) {
    const exists = await db.selectFrom('auto_execution').select('status').where('id', '=', id).executeTakeFirst();
    if (!exists) throw notFound('执行记录不存在');
    throw conflict('只有执行失败的记录可以重试');
  }
  await wakeWorkers(db);
}

export interface DryRunInput {
  id?: string | number | null;
  nodeConfig?: unknown;
  formId?: string | number | null;
  businessId: string | number;
  event?: string;
}

/**
 * What a flow would do for one record: the path its conditions choose and each action's planned
 * effects (rows inserted, rows matched with their values before and after, message recipients).
 * Nothing is written and nothing is sent. Actions are planned one by one against the data as it
 * is; a later action does not see an earlier one's planned writes.
 */
/** The form module's services a dry run reads through. */
export interface DryRunDeps {
  db: Kysely<Database>;
  forms: FormModelCache;
  records: RecordService;
}

export async function dryRun(deps: DryRunDeps, auth: AuthContext, input: DryRunInput) {
  const { db, forms, records } = deps;
  let root: FlowNode;
  let flowId = '';
  let flowName = '试运行';
  if (input.id !== undefined && input.id !== null && input.id !== '') {
    const flow = await getFlow(db, String(input.id));
    root = flow.nodeConfig as FlowNode;
    flowId = String(flow.id);
    flowName = flow.flowName;
  } else if (typeof input.nodeConfig === 'object' && input.nodeConfig !== null) {
    root = input.nodeConfig as FlowNode;
  } else {
    throw badRequest('请指定自动化或流程配置');
  }
  const trigger = (root.conf ?? {}) as TriggerConf;
  const formId = String(input.formId ?? trigger.destId ?? '');
  if (!/^[1-9]\d{0,17}$/.test(formId)) throw badRequest('formId 不合法');
  const businessId = String(input.businessId ?? '');
  if (!/^[1-9]\d{0,17}$/.test(businessId)) throw badRequest('businessId 不合法');
  const event = String(input.event ?? trigger.event ?? 'insert');
  if (!['insert', 'update', 'delete'].includes(event)) throw badRequest('event 不合法');

  const model = await forms.load(db, formId);
  const stored = await records.find(db, model.main, businessId, companyOnlyScope(auth));
  const record = JSON.parse(JSON.stringify(stored)) as Record<string, unknown>;
  const before = event === 'insert' ? null : record;
  const after = event === 'delete' ? null : record;
  const path = planPath(root, (b) => conditionHolds((b.conf ?? {}) as ConditionConf, model.main.queryColumns, { record, before, after, now: new Date() }));
  const ctx: ActionContext = {
    flowId,
    flowName,
    executionId: null,
    depth: 0,
    record,
    formId,
    recordId: businessId,
    initiatorId: record.create_by == null ? null : String(record.create_by),
    actor: { cause: 'automation', auth, log: { module: '自动化', prefix: '' } },
    records,
    loadForm: (id) => forms.load(db, id),
    directory: (d) => recordDirectory(d, formId, record),
  };
  const effects = [];
  for (const node of path) {
    if (!hasEffects(node)) continue;
    const runner = actionRunnerOf(node);
    try {
      effects.push({ nodeId: node.nodeId, nodeName: node.nodeName, ...(runner ? await runner.plan(db, node, ctx) : { error: '未设置动作' }) });
    } catch (err) {
      effects.push({ nodeId: node.nodeId, nodeName: node.nodeName, error: reasonOf(err) });
    }
  }
  return { path: path.map((n) => ({ nodeId: n.nodeId, nodeName: n.nodeName, type: n.type })), effects };
}
