import type { Kysely } from 'kysely';
import {
  APPROVAL_NODE_TYPES,
  APPROVE_STATUS,
  actionableAfter,
  conditionHolds,
  findNode,
  type ApproverNode,
  type ApproveStatus,
  type ConditionConf,
  type FlowNode,
} from '@park/core';
import type { Database } from '../../db/schema.ts';
import { MSG_BIG_TYPE, MSG_SMALL_TYPE, notify } from '../msg/index.ts';
import { TASK_STATUS } from './taskStatus.ts';
import { approvalRuntimeOf } from './nodes/index.ts';
import { announceTask, type FlowState, type InstanceRow, type TaskRow } from './instance.ts';

export { announceTask, comment, taskLink, type FlowState, type InstanceRow, type TaskRow } from './instance.ts';

/*
 * The approval state machine (DESIGN.md §10.2). Every function here runs inside the caller's
 * transaction with the instance row locked (lockInstance), so two signers of one node, or two
 * clicks on one task, are serialised: the node's completion is decided by whoever commits last,
 * seeing the other's result.
 *
 * A node visit (instance, node, round) is a set of tasks: waiting (0), done (1), closed (2) and
 * queued (3: 依次 signers not yet reached, or a signer paused by 前加签). After an agree:
 * 或签/单人 closes the visit's other open tasks; open waiting tasks keep the node; else the next
 * queued signer (by seq) is woken; else the node is complete and the flow moves on.
 */

type Trx = Kysely<Database>;

/** A definition's node tree (one primary-key read; definitions never change). */
export async function definitionTree(db: Trx, definitionId: string): Promise<FlowNode> {
  const row = await db.selectFrom('flow_definition').select('node_config').where('id', '=', definitionId).executeTakeFirstOrThrow();
  return row.node_config as FlowNode;
}

export async function lockInstance(trx: Trx, instanceId: string): Promise<InstanceRow | undefined> {
  return trx
    .selectFrom('flow_instance')
    .select(['id', 'definition_id', 'form_id', 'business_id', 'business_name', 'initiator_id', 'approve_status', 'resume_node_id', 'last_remind_time'])
    .where('id', '=', instanceId)
    .forUpdate()
    .executeTakeFirst();
}

const TASK_COLUMNS = ['id', 'instance_id', 'node_id', 'node_name', 'assignee_id', 'status', 'task_type', 'approve_type', 'seq', 'round', 'parent_task_id', 'sign_kind'] as const;

export async function readTask(db: Trx, taskId: string): Promise<TaskRow | undefined> {
  return db.selectFrom('flow_task').select([...TASK_COLUMNS]).where('id', '=', taskId).executeTakeFirst();
}

function branchHolds(state: FlowState) {
  const now = new Date();
  return (branch: FlowNode) =>
    conditionHolds((branch.conf ?? {}) as ConditionConf, state.model.main.queryColumns, { record: state.record, before: null, after: state.record, now });
}

/** Who ended an instance by 驳回, for the initiator's message. */
export interface Rejection {
  by: string;
  nodeName: string;
  remark: string;
}

/** The initiator's result message's body (issue 42: it had none, and the message list showed "-"). */
function resultContent(inst: InstanceRow, rejection: Rejection | undefined): string {
  if (!rejection) return `您提交的「${inst.business_name}」已审批通过。`;
  const where = rejection.nodeName ? `在「${rejection.nodeName}」` : '';
  return `您提交的「${inst.business_name}」被${rejection.by}${where}驳回。审批意见：${rejection.remark}`;
}

/** Ends the instance: closes what is still open and tells the initiator (`rejection`: who said no, and why). */
export async function finish(trx: Trx, inst: InstanceRow, status: ApproveStatus, rejection?: Rejection): Promise<void> {
  await trx.updateTable('flow_instance').set({ approve_status: status, end_time: new Date(), resume_node_id: null }).where('id', '=', inst.id).execute();
  await trx
    .updateTable('flow_task')
    .set({ status: TASK_STATUS.closed, done_time: new Date() })
    .where('instance_id', '=', inst.id)
    .where('status', 'in', [TASK_STATUS.waiting, TASK_STATUS.queued])
    .execute();
  inst.approve_status = status;
  if (inst.initiator_id && status !== APPROVE_STATUS.withdrawn) {
    const word = status === APPROVE_STATUS.approved ? '审批通过' : '审批驳回';
    await notify(trx, {
      receiverIds: [inst.initiator_id],
      title: `${word}：${inst.business_name}`,
      content: resultContent(inst, rejection),
      bigType: MSG_BIG_TYPE.approval,
      smallType: MSG_SMALL_TYPE.result,
      params: { processInstanceId: Number(inst.id), processDefinitionId: Number(inst.definition_id), formId: Number(inst.form_id), businessId: Number(inst.business_id) },
      menuUrl: `/formTaskInfo?processInstanceId=${inst.id}`,
    });
  }
}

/** Opens the node itself (after a return, or a resume): an approver visit, or a cc and onwards. */
export async function openNode(trx: Trx, state: FlowState, node: FlowNode): Promise<void> {
  if (await approvalRuntimeOf(node).open(trx, state, node)) return;
  await advance(trx, state, node.nodeId);
}

/**
 * Moves the instance on from `fromNodeId`: copies go out at cc nodes, the first approver node
 * that finds signers stops the walk, and with nothing left the instance is approved. After a
 * return without re-approval, the flow jumps back to the node that returned it.
 */
export async function advance(trx: Trx, state: FlowState, fromNodeId: string): Promise<void> {
  const { inst, tree } = state;
  const resume = inst.resume_node_id;
  if (resume && resume !== fromNodeId) {
    const node = findNode(tree, resume);
    await trx.updateTable('flow_instance').set({ resume_node_id: null }).where('id', '=', inst.id).execute();
    inst.resume_node_id = null;
    if (node) return openNode(trx, state, node);
  }
  if (resume === fromNodeId) {
    await trx.updateTable('flow_instance').set({ resume_node_id: null }).where('id', '=', inst.id).execute();
    inst.resume_node_id = null;
  }
  for (const node of actionableAfter(tree, fromNodeId, branchHolds(state)) ?? []) {
    if (await approvalRuntimeOf(node).open(trx, state, node)) return;
  }
  await finish(trx, inst, APPROVE_STATUS.approved);
}

/**
 * After a task of a visit was agreed: or-sign closing, waiting signers, the next queued signer,
 * or the node's completion. `agreed` is the task just agreed.
 */
export async function afterAgree(trx: Trx, state: FlowState, agreed: TaskRow): Promise<void> {
  const visit = trx
    .selectFrom('flow_task')
    .where('instance_id', '=', state.inst.id)
    .where('node_id', '=', agreed.node_id)
    .where('round', '=', agreed.round)
    .where('task_type', '=', 0);
  // 前加签: the signer asked first has agreed; the one who asked decides now.
  if (agreed.sign_kind === 'before' && agreed.parent_task_id) {
    const woken = await trx
      .updateTable('flow_task')
      .set({ status: TASK_STATUS.waiting, create_time: new Date() })
      .where('id', '=', agreed.parent_task_id)
      .where('status', '=', TASK_STATUS.queued)
      .returning(['id', 'assignee_id'])
      .executeTakeFirst();
    if (woken) {
      await announceTask(trx, state.inst, String(woken.id), woken.assignee_id);
      return;
    }
  }
  if ((agreed.approve_type === 0 || agreed.approve_type === 2) && !agreed.parent_task_id) {
    await trx
      .updateTable('flow_task')
      .set({ status: TASK_STATUS.closed, done_time: new Date() })
      .where('instance_id', '=', state.inst.id)
      .where('node_id', '=', agreed.node_id)
      .where('round', '=', agreed.round)
      .where('id', '!=', agreed.id)
      .where('status', 'in', [TASK_STATUS.waiting, TASK_STATUS.queued])
      .where((eb) => eb.or([eb('parent_task_id', 'is', null), eb('parent_task_id', '!=', agreed.id)]))
      .execute();
  }
  const open = await visit.select(['id', 'assignee_id', 'status', 'seq']).where('status', 'in', [TASK_STATUS.waiting, TASK_STATUS.queued]).orderBy('seq').orderBy('id').execute();
  if (open.some((t) => t.status === TASK_STATUS.waiting)) return;
  const next = open[0];
  if (next) {
    await trx.updateTable('flow_task').set({ status: TASK_STATUS.waiting, create_time: new Date() }).where('id', '=', next.id).execute();
    await announceTask(trx, state.inst, String(next.id), next.assignee_id);
    return;
  }
  await advance(trx, state, agreed.node_id!);
}

/** A node the caller may be sent back to: the initiator, or an approver node this instance passed. */
export async function returnTargets(db: Trx, state: FlowState, currentNodeId: string | null): Promise<Array<{ nodeId: string; nodeName: string }>> {
  const passed = await db
    .selectFrom('flow_task')
    .select(['node_id'])
    .select((eb) => eb.fn.min('id').as('first'))
    .where('instance_id', '=', state.inst.id)
    .where('task_type', '=', 0)
    .where('action', '=', 'agree')
    .groupBy('node_id')
    .orderBy('first')
    .execute();
  const out = [{ nodeId: state.tree.nodeId, nodeName: '发起人' }];
  for (const p of passed) {
    if (!p.node_id || p.node_id === currentNodeId || p.node_id === state.tree.nodeId) continue;
    const node = findNode(state.tree, p.node_id);
    if (node && approvalRuntimeOf(node).returnable) out.push({ nodeId: node.nodeId, nodeName: node.nodeName });
  }
  return out;
}

export function approverNodeOf(state: FlowState, nodeId: string | null): ApproverNode | null {
  const node = nodeId ? findNode(state.tree, nodeId) : undefined;
  return node && node.type === APPROVAL_NODE_TYPES.approver ? (node as ApproverNode) : null;
}

