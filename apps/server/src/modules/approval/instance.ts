import type { Kysely } from 'kysely';
import type { FlowNode } from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { FormModel, Row } from '../form/index.ts';
import { MSG_BIG_TYPE, MSG_SMALL_TYPE, notify } from '../msg/index.ts';

/* An instance as the engine and its node runtimes read it, and what they write about it (history, task messages). */

type Trx = Kysely<Database>;

export interface InstanceRow {
  id: string;
  definition_id: string;
  form_id: string;
  business_id: string;
  business_name: string;
  initiator_id: string | null;
  approve_status: string;
  resume_node_id: string | null;
  last_remind_time: Date | null;
}

export interface TaskRow {
  id: string;
  instance_id: string | null;
  node_id: string | null;
  node_name: string | null;
  assignee_id: string;
  status: number;
  task_type: number;
  approve_type: number;
  seq: string;
  round: number;
  parent_task_id: string | null;
  sign_kind: string | null;
}

/** What the engine needs for one instance: its tree, the form and the record as it is now. */
export interface FlowState {
  inst: InstanceRow;
  tree: FlowNode;
  model: FormModel;
  record: Row;
}

export async function comment(
  trx: Trx,
  inst: InstanceRow,
  entry: { taskId?: string | null; node: { nodeId: string; nodeName: string } | null; userId: string | null; type?: 'fill' | 'comment'; status: number; remark?: string | null; items?: Array<{ itemModel: string; itemValue: unknown }> },
): Promise<void> {
  await trx
    .insertInto('flow_comment')
    .values({
      instance_id: inst.id,
      task_id: entry.taskId ?? null,
      node_id: entry.node?.nodeId ?? null,
      node_name: entry.node?.nodeName ?? null,
      user_id: entry.userId,
      type: entry.type ?? 'comment',
      status: entry.status,
      remark: entry.remark ?? null,
      approve_items: entry.items && entry.items.length > 0 ? JSON.stringify(entry.items) : null,
    })
    .execute();
}

/** What a task's message opens: ours by menuUrl, the original client by params (JSON text in queryself). */
export const taskLink = (inst: InstanceRow, taskId: string) => ({
  params: { taskId: Number(taskId), processInstanceId: Number(inst.id), processDefinitionId: Number(inst.definition_id), formId: Number(inst.form_id), businessId: Number(inst.business_id) },
  menuUrl: `/formTaskInfo?taskId=${taskId}&processInstanceId=${inst.id}`,
});

/** Tells the assignee of a task that is now waiting for them. */
export async function announceTask(trx: Trx, inst: InstanceRow, taskId: string, assigneeId: string, prefix = '待审批'): Promise<void> {
  await notify(trx, { receiverIds: [assigneeId], title: `${prefix}：${inst.business_name}`, bigType: MSG_BIG_TYPE.approval, smallType: MSG_SMALL_TYPE.newTask, ...taskLink(inst, taskId) });
}

/** The columns every task of a node visit has: the instance, its record and form, the node and the assignee. */
export function taskOf(state: FlowState, node: { nodeId: string; nodeName: string }, assigneeId: string) {
  const { inst } = state;
  return {
    title: inst.business_name,
    form_id: inst.form_id,
    form_name: state.model.formName,
    business_id: inst.business_id,
    assignee_id: assigneeId,
    initiator_id: inst.initiator_id,
    instance_id: inst.id,
    node_id: node.nodeId,
    node_name: node.nodeName,
  };
}
