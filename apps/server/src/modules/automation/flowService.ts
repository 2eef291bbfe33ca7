import { sql, type Kysely } from 'kysely';
import {
  AUTOMATION_NODES,
  checkFlowTree,
  findFlowCycles,
  FLOW_TEXT,
  formatDateTime,
  walkNodes,
  withNodeIds,
  type FlowNode,
  type TriggerConf,
} from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../auth/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { loadModelFor, type FormModel, type FormModelCache } from '../form/index.ts';
import { actionRunnerOf, runtimeOf } from './nodes/index.ts';

export interface SaveFlowInput {
  id?: number | string | null;
  flowName: string;
  nodeConfig: unknown;
}

/**
 * What the designer cannot see for itself: the forms, fields and sub-tables the flow names exist
 * and its conditions and filters use match types their fields take.
 */
async function checkAgainstForms(root: FlowNode, loadForm: (id: string) => Promise<FormModel>): Promise<void> {
  const forms = { trigger: await loadForm(String((root.conf as TriggerConf).destId)), load: loadForm };
  for (const node of walkNodes(root)) await runtimeOf(node).checkForms(node, forms);
}

/** The designer's checks of a flow before it is saved: its tree by the node registry, then against the forms it names. */
async function checkedFlow(loadForm: (id: string) => Promise<FormModel>, flowNameIn: unknown, nodeConfig: unknown): Promise<{ flowName: string; root: FlowNode; writes: string[] }> {
  const flowName = String(flowNameIn ?? '').trim();
  if (!flowName) throw badRequest('请输入自动化名称');
  if (flowName.length > 100) throw badRequest('自动化名称不能超过100个字符');
  if (typeof nodeConfig !== 'object' || nodeConfig === null) throw badRequest(FLOW_TEXT.firstNode);
  const root = withNodeIds(nodeConfig as FlowNode);
  const problems = checkFlowTree(root, AUTOMATION_NODES, 0);
  if (problems.length > 0) {
    const first = problems[0]!;
    throw new AppError(400, first.nodeName ? `${first.nodeName}：${first.message}` : first.message, 400, problems);
  }
  await checkAgainstForms(root, loadForm);
  return { flowName, root, writes: writesOf(root) };
}

/** A new version of a flow (made when `flowId` is null) becomes its current one, inside the caller's transaction. */
async function writeFlowVersion(trx: Kysely<Database>, flowId: string | null, flow: { flowName: string; root: FlowNode; writes: string[] }, userId: string): Promise<{ id: string; version: number }> {
  const trigger = flow.root.conf as TriggerConf;
  let id: string;
  let version: number;
  if (flowId !== null) {
    const existing = await trx.selectFrom('auto_flow').select(['id', 'version']).where('id', '=', flowId).where('deleted', '=', false).forUpdate().executeTakeFirst();
    if (!existing) throw notFound('自动化不存在或已被删除');
    id = existing.id;
    version = existing.version + 1;
  } else {
    const created = await trx
      .insertInto('auto_flow')
      .values({ flow_name: flow.flowName, form_id: String(trigger.destId), event: String(trigger.event), owner_id: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = created.id;
    version = 1;
  }
  const v = await trx
    .insertInto('auto_flow_version')
    .values({ flow_id: id, version, flow_name: flow.flowName, node_config: JSON.stringify(flow.root), writes_form_ids: flow.writes, create_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Executions already created keep the version they were created with; new events take this one.
  await trx
    .updateTable('auto_flow')
    .set({ flow_name: flow.flowName, form_id: String(trigger.destId), event: String(trigger.event), version, version_id: v.id, update_time: new Date() })
    .where('id', '=', id)
    .execute();
  return { id, version };
}

export async function saveFlow(db: Kysely<Database>, forms: FormModelCache, auth: AuthContext, input: SaveFlowInput) {
  const flow = await checkedFlow((id) => forms.load(db, id), input.flowName, input.nodeConfig);
  const flowId = input.id !== undefined && input.id !== null && input.id !== '' ? String(input.id) : null;
  const saved = await db.transaction().execute((trx) => writeFlowVersion(trx, flowId, flow, auth.userId));
  return { ...saved, nodeConfig: flow.root, warnings: await cycleWarnings(db, saved.id) };
}

/**
 * An application package's automation (ADR 0054 part 3) saved as the designer saves one — the same
 * checks, against the forms as the package's transaction sees them — into that transaction. A flow
 * deleted since it was installed is made again. Its id.
 */
export async function installPackagedFlow(trx: Kysely<Database>, input: { flowId: string | null; flowName: string; nodeConfig: FlowNode; status: 0 | 1; userId: string }): Promise<string> {
  // Uncached: the package's forms were written in this transaction, a cached model may be older.
  const flow = await checkedFlow((id) => loadModelFor(trx, id, null), input.flowName, input.nodeConfig);
  const live = input.flowId === null ? undefined : await trx.selectFrom('auto_flow').select('id').where('id', '=', input.flowId).where('deleted', '=', false).executeTakeFirst();
  const saved = await writeFlowVersion(trx, live ? live.id : null, flow, input.userId);
  if (!live) await trx.updateTable('auto_flow').set({ status: input.status }).where('id', '=', saved.id).execute();
  return saved.id;
}

/** 卸载 of a packaged automation: deleted as 删除 does (history kept); refused while it runs. The reason, or null. */
export async function removePackagedFlow(trx: Kysely<Database>, flowId: string): Promise<string | null> {
  const flow = await trx.selectFrom('auto_flow').select(['id', 'flow_name']).where('id', '=', flowId).where('deleted', '=', false).forUpdate().executeTakeFirst();
  if (!flow) return null;
  const busy = await trx.selectFrom('auto_execution').select('id').where('flow_id', '=', flowId).where('status', 'in', ['pending', 'running']).limit(1).executeTakeFirst();
  if (busy) return `自动化「${flow.flow_name}」${DELETE_WHILE_RUNNING.replace('该自动化', '')}`;
  await trx.updateTable('auto_flow').set({ deleted: true, status: 0, update_time: new Date() }).where('id', '=', flowId).execute();
  return null;
}

/** The current definitions of the live flows among `ids`, by id. */
export async function flowDefinitions(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, { flowName: string; nodeConfig: FlowNode; status: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('auto_flow as f')
    .innerJoin('auto_flow_version as v', 'v.id', 'f.version_id')
    .select(['f.id', 'f.flow_name', 'f.status', 'v.node_config'])
    .where('f.id', 'in', [...ids])
    .where('f.deleted', '=', false)
    .execute();
  return new Map(rows.map((r) => [String(r.id), { flowName: r.flow_name, nodeConfig: r.node_config as FlowNode, status: r.status }]));
}

/** The live flows triggered by any of `formIds`, oldest first. */
export async function flowsOfForms(db: Kysely<Database>, formIds: readonly string[]): Promise<Array<{ id: string; flowName: string; formId: string; status: number; nodeConfig: FlowNode }>> {
  if (formIds.length === 0) return [];
  const rows = await db
    .selectFrom('auto_flow as f')
    .innerJoin('auto_flow_version as v', 'v.id', 'f.version_id')
    .select(['f.id', 'f.flow_name', 'f.form_id', 'f.status', 'v.node_config'])
    .where('f.form_id', 'in', [...formIds])
    .where('f.deleted', '=', false)
    .orderBy('f.id')
    .execute();
  return rows.map((r) => ({ id: String(r.id), flowName: r.flow_name, formId: String(r.form_id), status: r.status, nodeConfig: r.node_config as FlowNode }));
}

/** Flows that would trigger each other round in a circle (flow A on X writes Y, flow B on Y writes X). */
export async function cycleWarnings(db: Kysely<Database>, flowId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('auto_flow as f')
    .innerJoin('auto_flow_version as v', 'v.id', 'f.version_id')
    .select(['f.id', 'f.flow_name', 'f.form_id', 'v.writes_form_ids'])
    .where('f.deleted', '=', false)
    .where((eb) => eb.or([eb('f.status', '=', 1), eb('f.id', '=', flowId)]))
    .execute();
  const edges = rows.map((r) => ({ id: String(r.id), name: r.flow_name, triggerFormId: String(r.form_id), writesFormIds: (r.writes_form_ids ?? []).map(String) }));
  return findFlowCycles(edges, flowId).map((names) => FLOW_TEXT.cycle(names.join(' → ')));
}

export async function getFlow(db: Kysely<Database>, id: string) {
  const row = await db
    .selectFrom('auto_flow as f')
    .leftJoin('auto_flow_version as v', 'v.id', 'f.version_id')
    .select(['f.id', 'f.flow_name', 'f.form_id', 'f.event', 'f.status', 'f.version', 'f.owner_id', 'f.update_time', 'v.node_config'])
    .where('f.id', '=', id)
    .where('f.deleted', '=', false)
    .executeTakeFirst();
  if (!row) throw notFound('自动化不存在或已被删除');
  return {
    id: Number(row.id),
    flowName: row.flow_name,
    formId: Number(row.form_id),
    event: row.event,
    status: row.status,
    version: row.version,
    ownerId: row.owner_id === null ? null : Number(row.owner_id),
    updateTime: formatDateTime(row.update_time),
    nodeConfig: row.node_config,
  };
}

export interface Page {
  pageNum: number;
  pageSize: number;
}

export async function queryFlows(db: Kysely<Database>, q: Page & { flowName?: string; formId?: string }) {
  let base = db.selectFrom('auto_flow as f').where('f.deleted', '=', false);
  if (q.flowName) base = base.where('f.flow_name', 'ilike', `%${q.flowName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (q.formId) base = base.where('f.form_id', '=', q.formId);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('form_conf as c', 'c.id', 'f.form_id')
      .leftJoin('sys_user as u', 'u.id', 'f.owner_id')
      .select(['f.id', 'f.flow_name', 'f.form_id', 'c.form_name', 'f.event', 'f.status', 'f.version', 'u.real_name', 'f.update_time'])
      .orderBy('f.id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    datas: rows.map((r) => ({
      id: Number(r.id),
      flowName: r.flow_name,
      formId: Number(r.form_id),
      formName: r.form_name,
      event: r.event,
      status: r.status,
      version: r.version,
      ownerName: r.real_name,
      updateTime: formatDateTime(r.update_time),
    })),
    totalCount: Number(count.n),
  };
}

export async function setFlowStatus(db: Kysely<Database>, id: string, status: 0 | 1): Promise<void> {
  const r = await db.updateTable('auto_flow').set({ status, update_time: new Date() }).where('id', '=', id).where('deleted', '=', false).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw notFound('自动化不存在或已被删除');
}

export const DELETE_WHILE_RUNNING = '该自动化有正在执行的记录，请等执行结束后再删除';

/**
 * Deletes a flow unless executions of it are waiting or running: the flow row is locked first,
 * so no execution of it can be created between the check and the delete (the engine creates
 * executions only for flows that are enabled and not deleted). Deleting keeps the versions and
 * executions (they are history); the flow stops and disappears from lists.
 */
export async function deleteFlow(db: Kysely<Database>, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const flow = await trx.selectFrom('auto_flow').select('id').where('id', '=', id).where('deleted', '=', false).forUpdate().executeTakeFirst();
    if (!flow) throw notFound('自动化不存在或已被删除');
    const busy = await trx
      .selectFrom('auto_execution')
      .select('id')
      .where('flow_id', '=', id)
      .where('status', 'in', ['pending', 'running'])
      .limit(1)
      .executeTakeFirst();
    if (busy) throw conflict(DELETE_WHILE_RUNNING);
    await trx.updateTable('auto_flow').set({ deleted: true, status: 0, update_time: new Date() }).where('id', '=', id).execute();
  });
}

/** Forms a flow's actions write (for the cycle warning), read through the action registry. */
export function writesOf(root: FlowNode): string[] {
  const out = new Set<string>();
  for (const node of walkNodes(root)) {
    for (const id of actionRunnerOf(node)?.writesForms(node) ?? []) out.add(id);
  }
  return [...out];
}

/** Wakes every instance's workers (after a retry was asked for). */
export async function wakeWorkers(db: Kysely<Database>): Promise<void> {
  await sql`select pg_notify('park_automation', '')`.execute(db);
}
