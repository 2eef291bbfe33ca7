import type { Kysely } from 'kysely';
import {
  APPROVAL_TEXT,
  APPROVE_STATUS,
  COMMENT_STATUS,
  definitionOf,
  resolveRecipients,
} from '@park/core';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { recordDirectory } from '../automation/index.ts';
import { type FormModel, type FormModelCache, ALL_RECORDS, type RecordService } from '../form/index.ts';
import { MSG_BIG_TYPE, MSG_SMALL_TYPE, notify } from '../msg/index.ts';
import {
  advance,
  afterAgree,
  announceTask,
  approverNodeOf,
  comment,
  definitionTree,
  finish,
  lockInstance,
  openNode,
  readTask,
  returnTargets,
  taskLink,
  type FlowState,
  type InstanceRow,
  type TaskRow,
} from './engine.ts';
import { TASK_STATUS } from './taskStatus.ts';

/*
 * What a person (or the time-limit sweep) does to an instance, each in one transaction with the
 * instance locked: checks (403 not the assignee, 409 此任务已处理), the record change the node
 * allows, the history entry, the engine step and the operation-log row.
 */

type Trx = Kysely<Database>;

export interface Actor {
  userId: string;
  /** The rights record writes run with; null for the system (time limits), which writes no fields. */
  auth: AuthContext | null;
  audit(trx: Trx, action: string, instanceId: string, detail?: unknown): Promise<void>;
}

export interface ApprovalDeps {
  db: Kysely<Database>;
  forms: FormModelCache;
  records: RecordService;
}

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';
const ONE_HOUR = 3_600_000;

export async function loadState(trx: Trx, deps: Pick<ApprovalDeps, 'forms' | 'records'>, inst: InstanceRow): Promise<FlowState> {
  const [tree, model] = await Promise.all([definitionTree(trx, inst.definition_id), deps.forms.load(trx, inst.form_id)]);
  const record = await deps.records.find(trx, model.main, inst.business_id, ALL_RECORDS);
  return { inst, tree, model, record };
}

/** The storage columns of the controls named: what a node's approveItems let its approvers write. */
function columnsOf(model: FormModel, models: readonly string[] | 'all'): Set<string> {
  if (models === 'all') return new Set(model.main.dataColumns.map((c) => c.name));
  const wanted = new Set(models);
  const out = new Set<string>();
  for (const control of model.main.controls) {
    if (!wanted.has(String(control.model ?? ''))) continue;
    for (const col of definitionOf(control)?.columns(control) ?? []) out.add(col.name);
  }
  return out;
}

/**
 * Writes the fields the caller may change; returns them as history items. A record under approval
 * refuses every writer (the form_event lock, ADR 0026) but its own approval, which
 * records.updateUnderApproval marks this transaction as.
 */
async function applyFields(trx: Trx, deps: ApprovalDeps, state: FlowState, actor: Actor, allowed: readonly string[] | 'all', body: Record<string, unknown>) {
  const columns = columnsOf(state.model, allowed);
  const picked: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (columns.has(k)) picked[k] = v;
  if (Object.keys(picked).length === 0 || !actor.auth) return [];
  const before = await deps.records.find(trx, state.model.main, state.inst.business_id, ALL_RECORDS, true);
  state.record = await deps.records.updateUnderApproval(trx, { auth: actor.auth, instanceId: state.inst.id }, state.model, before, picked);
  const items = allowed === 'all' ? [] : allowed;
  return items.filter((m) => m in picked).map((m) => ({ itemModel: m, itemValue: picked[m] }));
}

/**
 * Locks the task's instance and checks the caller may act: the task exists (404), is theirs (403),
 * and is still waiting in a running instance (409 此任务已处理).
 */
async function taskForAction(trx: Trx, deps: ApprovalDeps, taskId: string, actor: Actor): Promise<{ state: FlowState; task: TaskRow }> {
  const first = await readTask(trx, taskId);
  if (!first || !first.instance_id) throw notFound('任务不存在');
  const inst = await lockInstance(trx, first.instance_id);
  const task = await readTask(trx, taskId);
  if (!inst || !task) throw notFound('任务不存在');
  if (task.assignee_id !== actor.userId) throw forbidden(APPROVAL_TEXT.notAssignee);
  if (task.status !== TASK_STATUS.waiting || inst.approve_status !== APPROVE_STATUS.running) throw conflict(APPROVAL_TEXT.taskDone);
  return { state: await loadState(trx, deps, inst), task };
}

async function closeTask(trx: Trx, task: TaskRow, action: string, remark: string | null, status: number = TASK_STATUS.done) {
  await trx.updateTable('flow_task').set({ status, action, remark, done_time: new Date() }).where('id', '=', task.id).execute();
}

const nodeRef = (task: TaskRow) => ({ nodeId: task.node_id ?? '', nodeName: task.node_name ?? '' });

export interface ApproveInput {
  remark: string | null;
  fields: Record<string, unknown>;
}

/** 同意 (or, on a task handed back to the initiator, 提交 again with the edited record). */
export async function approveTask(deps: ApprovalDeps, actor: Actor, taskId: string, input: ApproveInput): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const { state, task } = await taskForAction(trx, deps, taskId, actor);
    if (task.node_id === state.tree.nodeId) {
      const items = await applyFields(trx, deps, state, actor, 'all', input.fields);
      await closeTask(trx, task, 'agree', input.remark);
      await comment(trx, state.inst, { taskId: task.id, node: nodeRef(task), userId: actor.userId, type: 'fill', status: COMMENT_STATUS.submit, remark: input.remark, items });
      await actor.audit(trx, '重新提交审批', state.inst.id);
      await advance(trx, state, state.tree.nodeId);
      return;
    }
    const node = approverNodeOf(state, task.node_id);
    if (node?.commentRequired && blank(input.remark)) throw badRequest(APPROVAL_TEXT.commentRequired);
    const items = await applyFields(trx, deps, state, actor, node?.approveItems ?? [], input.fields);
    await closeTask(trx, task, 'agree', input.remark);
    await comment(trx, state.inst, { taskId: task.id, node: nodeRef(task), userId: actor.userId, status: COMMENT_STATUS.agree, remark: input.remark, items });
    await actor.audit(trx, '审批同意', state.inst.id, { taskId: task.id });
    await afterAgree(trx, state, task);
  });
}

/** 驳回: the instance ends as '2'. */
export async function disapproveTask(deps: ApprovalDeps, actor: Actor, taskId: string, remark: string | null): Promise<void> {
  if (blank(remark)) throw badRequest(APPROVAL_TEXT.commentRequired);
  await deps.db.transaction().execute(async (trx) => {
    const { state, task } = await taskForAction(trx, deps, taskId, actor);
    await closeTask(trx, task, 'disagree', remark);
    await comment(trx, state.inst, { taskId: task.id, node: nodeRef(task), userId: actor.userId, status: COMMENT_STATUS.disagree, remark });
    await actor.audit(trx, '审批驳回', state.inst.id, { taskId: task.id });
    const who = await trx.selectFrom('sys_user').select(['real_name', 'username']).where('id', '=', actor.userId).executeTakeFirst();
    await finish(trx, state.inst, APPROVE_STATUS.rejected, { by: who?.real_name || who?.username || '审批人', nodeName: task.node_name ?? '', remark: remark! });
  });
}

export interface ReturnInput {
  remark: string | null;
  targetNodeId: string;
  /** Whether the nodes approved since the target approve again; otherwise the flow comes back here. */
  reapprove: boolean;
}

/** 退回 to the initiator (who edits and submits again) or to an approver node already passed. */
export async function returnTask(deps: ApprovalDeps, actor: Actor, taskId: string, input: ReturnInput): Promise<void> {
  if (blank(input.remark)) throw badRequest(APPROVAL_TEXT.commentRequired);
  await deps.db.transaction().execute(async (trx) => {
    const { state, task } = await taskForAction(trx, deps, taskId, actor);
    const node = approverNodeOf(state, task.node_id);
    if (node && node.allowReturn === false) throw badRequest(APPROVAL_TEXT.notAllowed('退回'));
    const targets = await returnTargets(trx, state, task.node_id);
    const target = targets.find((t) => t.nodeId === input.targetNodeId);
    if (!target) throw badRequest(APPROVAL_TEXT.returnTarget);
    await closeTask(trx, task, 'return', input.remark);
    await trx
      .updateTable('flow_task')
      .set({ status: TASK_STATUS.closed, done_time: new Date() })
      .where('instance_id', '=', state.inst.id)
      .where('status', 'in', [TASK_STATUS.waiting, TASK_STATUS.queued])
      .execute();
    await comment(trx, state.inst, { taskId: task.id, node: nodeRef(task), userId: actor.userId, status: COMMENT_STATUS.returned, remark: `${input.remark}（退回至${target.nodeName}）` });
    const resume = input.reapprove ? null : task.node_id;
    await trx.updateTable('flow_instance').set({ resume_node_id: resume }).where('id', '=', state.inst.id).execute();
    state.inst.resume_node_id = resume;
    await actor.audit(trx, '审批退回', state.inst.id, { taskId: task.id, target: target.nodeId });
    if (target.nodeId === state.tree.nodeId) {
      if (!state.inst.initiator_id) throw badRequest(APPROVAL_TEXT.returnTarget);
      const created = await trx
        .insertInto('flow_task')
        .values({
          title: state.inst.business_name,
          form_id: state.inst.form_id,
          form_name: state.model.formName,
          business_id: state.inst.business_id,
          assignee_id: state.inst.initiator_id,
          initiator_id: state.inst.initiator_id,
          instance_id: state.inst.id,
          node_id: state.tree.nodeId,
          node_name: '发起人',
          approve_items: JSON.stringify([]),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await announceTask(trx, state.inst, String(created.id), state.inst.initiator_id, '已退回，请修改后重新提交');
      return;
    }
    const targetNode = approverNodeOf(state, target.nodeId)!;
    await openNode(trx, state, targetNode);
  });
}

async function enabledUser(trx: Trx, raw: unknown, message: string): Promise<string> {
  const id = String(raw ?? '');
  if (!/^[1-9]\d{0,17}$/.test(id)) throw badRequest(message);
  const row = await trx.selectFrom('sys_user').select('id').where('id', '=', id).where('status', '=', 0).executeTakeFirst();
  if (!row) throw badRequest(message);
  return id;
}

async function handOver(trx: Trx, state: FlowState, task: TaskRow, toUserId: string, extra: { parent?: string | null; signKind?: string | null; status?: number } = {}) {
  const created = await trx
    .insertInto('flow_task')
    .values({
      title: state.inst.business_name,
      form_id: state.inst.form_id,
      form_name: state.model.formName,
      business_id: state.inst.business_id,
      assignee_id: toUserId,
      initiator_id: state.inst.initiator_id,
      status: extra.status ?? TASK_STATUS.waiting,
      instance_id: state.inst.id,
      node_id: task.node_id,
      node_name: task.node_name,
      approve_type: task.approve_type,
      seq: task.seq,
      round: task.round,
      parent_task_id: extra.parent === undefined ? task.parent_task_id : extra.parent,
      sign_kind: extra.signKind === undefined ? task.sign_kind : extra.signKind,
      approve_items: JSON.stringify(approverNodeOf(state, task.node_id)?.approveItems ?? []),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if ((extra.status ?? TASK_STATUS.waiting) === TASK_STATUS.waiting) await announceTask(trx, state.inst, String(created.id), toUserId);
  return String(created.id);
}

/** 转办: the task goes to another user, in the same place of the node. */
export async function transferTask(deps: ApprovalDeps, actor: Actor, taskId: string, input: { userId: unknown; remark: string | null }): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const { state, task } = await taskForAction(trx, deps, taskId, actor);
    if (approverNodeOf(state, task.node_id)?.allowTransfer === false) throw badRequest(APPROVAL_TEXT.notAllowed('转办'));
    const to = await enabledUser(trx, input.userId, APPROVAL_TEXT.transferTarget);
    if (to === actor.userId) throw badRequest(APPROVAL_TEXT.transferTarget);
    await transferTo(trx, state, task, to, actor.userId, input.remark ?? '');
    await actor.audit(trx, '审批转办', state.inst.id, { taskId: task.id, to });
  });
}

async function transferTo(trx: Trx, state: FlowState, task: TaskRow, to: string, by: string | null, remark: string) {
  await closeTask(trx, task, 'transfer', remark);
  // A signer who asked a 前加签 and is paused behind it points at this task; the new one takes its place.
  const newId = await handOver(trx, state, task, to);
  await trx.updateTable('flow_task').set({ parent_task_id: newId }).where('parent_task_id', '=', task.id).execute();
  const name = await trx.selectFrom('sys_user').select('real_name').where('id', '=', to).executeTakeFirst();
  await comment(trx, state.inst, { taskId: task.id, node: nodeRef(task), userId: by, status: COMMENT_STATUS.transfer, remark: `${remark ? `${remark}（` : '（'}转办给${name?.real_name ?? to}）` });
}

/** 加签: another signer before me (I decide after them) or after me (I agree now, they sign next). */
export async function addSignTask(
  deps: ApprovalDeps,
  actor: Actor,
  taskId: string,
  input: { userId: unknown; position: string; remark: string | null; fields: Record<string, unknown> },
): Promise<void> {
  if (input.position !== 'before' && input.position !== 'after') throw badRequest('加签方式只能是 before（之前）或 after（之后）');
  await deps.db.transaction().execute(async (trx) => {
    const { state, task } = await taskForAction(trx, deps, taskId, actor);
    const node = approverNodeOf(state, task.node_id);
    if (!node || node.allowAddSign === false) throw badRequest(APPROVAL_TEXT.notAllowed('加签'));
    const to = await enabledUser(trx, input.userId, APPROVAL_TEXT.addSignTarget);
    if (to === actor.userId) throw badRequest(APPROVAL_TEXT.addSignTarget);
    const name = (await trx.selectFrom('sys_user').select('real_name').where('id', '=', to).executeTakeFirst())?.real_name ?? to;
    if (input.position === 'before') {
      await trx.updateTable('flow_task').set({ status: TASK_STATUS.queued }).where('id', '=', task.id).execute();
      await handOver(trx, state, task, to, { parent: task.id, signKind: 'before' });
      await comment(trx, state.inst, { taskId: task.id, node: nodeRef(task), userId: actor.userId, status: COMMENT_STATUS.addSign, remark: `${input.remark ?? ''}（加签：请${name}先审批）` });
      await actor.audit(trx, '审批加签', state.inst.id, { taskId: task.id, to, position: 'before' });
      return;
    }
    if (node.commentRequired && blank(input.remark)) throw badRequest(APPROVAL_TEXT.commentRequired);
    const items = await applyFields(trx, deps, state, actor, node.approveItems ?? [], input.fields);
    await closeTask(trx, task, 'agree', input.remark);
    await comment(trx, state.inst, { taskId: task.id, node: nodeRef(task), userId: actor.userId, status: COMMENT_STATUS.agree, remark: `${input.remark ?? ''}（同意并加签：${name}）`, items });
    await handOver(trx, state, task, to, { parent: task.id, signKind: 'after' });
    await actor.audit(trx, '审批同意并加签', state.inst.id, { taskId: task.id, to, position: 'after' });
    await afterAgree(trx, state, task);
  });
}

async function initiatorInstance(trx: Trx, deps: ApprovalDeps, instanceId: string, actor: Actor): Promise<InstanceRow> {
  const inst = await lockInstance(trx, instanceId);
  if (!inst) throw notFound('流程不存在');
  if (inst.initiator_id !== actor.userId) throw forbidden(APPROVAL_TEXT.notInitiator);
  if (inst.approve_status !== APPROVE_STATUS.running) throw conflict(APPROVAL_TEXT.notRunning);
  return inst;
}

/** 撤回: only while no approver has acted on this instance. */
export async function cancelProcess(deps: ApprovalDeps, actor: Actor, instanceId: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const inst = await initiatorInstance(trx, deps, instanceId, actor);
    const acted = await trx.selectFrom('flow_comment').select('id').where('instance_id', '=', inst.id).where('type', '=', 'comment').where('user_id', 'is not', null).limit(1).executeTakeFirst();
    if (acted) throw conflict(APPROVAL_TEXT.cannotCancel);
    await comment(trx, inst, { node: null, userId: actor.userId, status: COMMENT_STATUS.withdrawn, remark: '发起人撤回' });
    await finish(trx, inst, APPROVE_STATUS.withdrawn);
    await actor.audit(trx, '撤回审批', inst.id);
  });
}

/** 催办: a reminder to whoever the instance waits for, at most once an hour. */
export async function remindProcess(deps: ApprovalDeps, actor: Actor, instanceId: string): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const inst = await initiatorInstance(trx, deps, instanceId, actor);
    if (inst.last_remind_time && Date.now() - inst.last_remind_time.getTime() < ONE_HOUR) throw tooManyRequests(APPROVAL_TEXT.remindTooOften);
    await trx.updateTable('flow_instance').set({ last_remind_time: new Date() }).where('id', '=', inst.id).execute();
    const waiting = await trx.selectFrom('flow_task').select(['id', 'assignee_id']).where('instance_id', '=', inst.id).where('status', '=', TASK_STATUS.waiting).execute();
    for (const t of waiting) await remind(trx, inst, String(t.id), t.assignee_id);
    await actor.audit(trx, '催办审批', inst.id);
    return waiting.length;
  });
}

async function remind(trx: Trx, inst: InstanceRow, taskId: string, assigneeId: string) {
  await notify(trx, {
    receiverIds: [assigneeId],
    title: `催办：${inst.business_name}`,
    bigType: MSG_BIG_TYPE.approval,
    smallType: MSG_SMALL_TYPE.reminder,
    ...taskLink(inst, taskId),
  });
}

/**
 * Tasks past their time limit (flow_task.due_time), a batch at a time: the assignee is reminded;
 * then, as the node says, the task goes to the assignee's supervisor or is approved. Each task in
 * its own transaction; tasks another server is handling are skipped. Returns how many were handled.
 */
export async function sweepOverdue(deps: ApprovalDeps, now: Date = new Date(), limit = 100): Promise<number> {
  const due = await deps.db
    .selectFrom('flow_task')
    .select('id')
    .where('status', '=', TASK_STATUS.waiting)
    .where('due_time', '<=', now)
    .where('timeout_stage', '=', 0)
    .orderBy('due_time')
    .limit(limit)
    .execute();
  let handled = 0;
  for (const { id } of due) {
    handled += await deps.db.transaction().execute(async (trx) => {
      const first = await readTask(trx, String(id));
      if (!first?.instance_id) return 0;
      const inst = await lockInstance(trx, first.instance_id);
      const task = await trx.selectFrom('flow_task').select(['timeout_stage']).where('id', '=', String(id)).where('status', '=', TASK_STATUS.waiting).executeTakeFirst();
      if (!inst || !task || task.timeout_stage !== 0 || inst.approve_status !== APPROVE_STATUS.running) return 0;
      const state = await loadState(trx, deps, inst);
      const node = approverNodeOf(state, first.node_id);
      await remind(trx, inst, first.id, first.assignee_id);
      await trx.updateTable('flow_task').set({ timeout_stage: 1 }).where('id', '=', first.id).execute();
      const action = node?.timeoutAction ?? 'remind';
      const log = async (what: string) =>
        trx.insertInto('sys_operation_log').values({ user_id: null, username: null, module: '审批', action: what, target_type: 'flow_instance', target_id: inst.id, detail: JSON.stringify({ taskId: first.id }), ip: null, result: 0, err_msg: null }).execute();
      if (action === 'pass') {
        await closeTask(trx, first, 'agree', '超时自动通过');
        await comment(trx, inst, { taskId: first.id, node: nodeRef(first), userId: null, status: COMMENT_STATUS.auto, remark: '超过审批时限，自动通过' });
        await log('审批超时自动通过');
        await afterAgree(trx, state, first);
      } else if (action === 'escalate') {
        const [boss] = await resolveRecipients({ type: 2, leader: 1 }, { record: state.record, initiatorId: first.assignee_id }, recordDirectory(trx, inst.form_id, state.record));
        if (boss && boss !== first.assignee_id) {
          await transferTo(trx, state, first, boss, null, '超过审批时限');
          await log('审批超时转交上级');
        }
      } else {
        await log('审批超时催办');
      }
      return 1;
    });
  }
  return handled;
}
