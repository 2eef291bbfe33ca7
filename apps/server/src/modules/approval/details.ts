import type { Kysely } from 'kysely';
import { APPROVE_STATUS, COMMENT_STATUS, formatDateTime, type ApproverNode } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { recordScopeFor } from '../form/index.ts';
import { approverNodeOf, returnTargets, type InstanceRow } from './engine.ts';
import { loadState, type ApprovalDeps } from './actions.ts';
import { TASK_STATUS } from './taskStatus.ts';

type Db = Kysely<Database>;
/** The form module's services these read through: its designs and its records API. */
type FormServices = Pick<ApprovalDeps, 'forms' | 'records'>;

export async function instanceById(db: Db, raw: unknown): Promise<InstanceRow> {
  const id = String(raw ?? '');
  if (!/^[1-9]\d{0,17}$/.test(id)) throw notFound('流程不存在');
  const inst = await db
    .selectFrom('flow_instance')
    .select(['id', 'definition_id', 'form_id', 'business_id', 'business_name', 'initiator_id', 'approve_status', 'resume_node_id', 'last_remind_time'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!inst) throw notFound('流程不存在');
  return inst;
}

/**
 * How the caller may see an instance (ADR 0018, "who may open an instance"), first match wins:
 * - `initiator`: whoever submitted it;
 * - `assignee`: a task of the instance waits for the caller (or is queued for them, 依次/前加签);
 * - `handled`: the caller once held a task of it (agreed, rejected, returned, transferred, added a
 *   signer, or had it closed by another signer) — they keep READ access to what they decided on,
 *   which is what 已办 opens; acting needs a waiting task (taskForAction: 403/409);
 * - `cc`: it was copied to the caller (抄送我的);
 * - `form`: the form's view permission reaches the record.
 * An approver thus sees the record without the form's view permission; anyone else gets 403.
 */
export type ViewRight = 'initiator' | 'assignee' | 'handled' | 'cc' | 'form';

export async function viewRightOf(db: Db, deps: FormServices, auth: AuthContext, inst: InstanceRow): Promise<ViewRight | null> {
  if (inst.initiator_id === auth.userId) return 'initiator';
  const tasks = await db.selectFrom('flow_task').select(['status', 'task_type']).where('instance_id', '=', inst.id).where('assignee_id', '=', auth.userId).execute();
  const approvals = tasks.filter((t) => t.task_type === 0);
  if (approvals.some((t) => t.status === TASK_STATUS.waiting || t.status === TASK_STATUS.queued)) return 'assignee';
  if (approvals.length > 0) return 'handled';
  if (tasks.length > 0) return 'cc';
  const scope = recordScopeFor(auth, inst.form_id, 'view');
  if (scope) {
    const model = await deps.forms.load(db, inst.form_id);
    try {
      await deps.records.find(db, model.main, inst.business_id, scope);
      return 'form';
    } catch {
      /* outside the caller's scope */
    }
  }
  return null;
}

/**
 * Whether the caller may see a record through an approval of it (form/recordViewers.ts): any of its
 * instances gives the caller a right other than the form's own (which the form module checks itself).
 */
export async function mayViewThroughApproval(db: Db, deps: FormServices, auth: AuthContext, formId: string, recordId: string): Promise<boolean> {
  const instances = await db
    .selectFrom('flow_instance')
    .select(['id', 'definition_id', 'form_id', 'business_id', 'business_name', 'initiator_id', 'approve_status', 'resume_node_id', 'last_remind_time'])
    .where('form_id', '=', formId)
    .where('business_id', '=', recordId)
    .orderBy('id', 'desc')
    .execute();
  for (const inst of instances) if (await viewRightOf(db, deps, auth, inst)) return true;
  return false;
}

/** 403 unless the caller has a view right (viewRightOf); returns it. */
export async function assertMayView(db: Db, deps: FormServices, auth: AuthContext, inst: InstanceRow): Promise<ViewRight> {
  const right = await viewRightOf(db, deps, auth, inst);
  if (!right) throw forbidden();
  return right;
}

/** queryapprovedetails: the history, who the instance waits for, and what the caller may do now. */
export async function approveDetails(db: Db, deps: FormServices, auth: AuthContext, inst: InstanceRow, viewRight: ViewRight) {
  const state = await loadState(db, deps, inst);
  const [comments, waiting, mine] = await Promise.all([
    db
      .selectFrom('flow_comment as c')
      .leftJoin('sys_user as u', 'u.id', 'c.user_id')
      .select(['c.id', 'c.type', 'c.status', 'c.remark', 'c.approve_items', 'c.create_time', 'c.node_name', 'u.real_name'])
      .where('c.instance_id', '=', inst.id)
      .orderBy('c.id')
      .execute(),
    db
      .selectFrom('flow_task as t')
      .innerJoin('sys_user as u', 'u.id', 't.assignee_id')
      .select(['t.node_id', 't.node_name', 't.task_type', 't.approve_type', 't.approve_items', 't.due_time', 'u.real_name'])
      .where('t.instance_id', '=', inst.id)
      .where('t.status', '=', TASK_STATUS.waiting)
      .orderBy('t.id')
      .execute(),
    db
      .selectFrom('flow_task')
      .select(['id', 'node_id'])
      .where('instance_id', '=', inst.id)
      .where('assignee_id', '=', auth.userId)
      .where('status', '=', TASK_STATUS.waiting)
      .orderBy('id')
      .executeTakeFirst(),
  ]);
  const names = new Map(state.model.main.controls.map((c) => [String(c.model ?? ''), String(c.name ?? c.model ?? '')]));
  // The fields the node lets its approvers fill, as the original client opens its approval form
  // from them (waitList[0].approveItems[].itemModel); a task stores their models.
  const itemsOf = (raw: unknown) =>
    (Array.isArray(raw) ? raw : []).filter((m): m is string => typeof m === 'string').map((m) => ({ itemModel: m, itemName: names.get(m) ?? m }));
  type Waiting = { taskType: number; approveType: number; nodeName: string | null; userList: Array<{ realName: string }>; approveItems: ReturnType<typeof itemsOf>; dueTime: string | null };
  const waitList = new Map<string, Waiting>();
  for (const w of waiting) {
    const key = w.node_id ?? '';
    const entry = waitList.get(key) ?? { taskType: w.task_type, approveType: w.approve_type, nodeName: w.node_name, userList: [], approveItems: itemsOf(w.approve_items), dueTime: w.due_time ? formatDateTime(w.due_time) : null };
    entry.userList.push({ realName: w.real_name });
    waitList.set(key, entry);
  }
  const running = inst.approve_status === APPROVE_STATUS.running;
  const isInitiator = inst.initiator_id === auth.userId;
  const node = mine ? approverNodeOf(state, mine.node_id) : null;
  const resubmit = !!mine && mine.node_id === state.tree.nodeId;
  const acted = comments.some((c) => c.type === 'comment' && c.real_name !== null && c.status !== COMMENT_STATUS.withdrawn);
  return {
    list: comments.map((c) => ({
      type: c.type,
      status: c.status,
      realName: c.real_name ?? '系统',
      nodeName: c.node_name,
      remark: c.remark,
      approveTime: formatDateTime(c.create_time),
      approveItems: ((c.approve_items as Array<{ itemModel: string; itemValue: unknown }> | null) ?? []).map((i) => ({ ...i, itemName: names.get(i.itemModel) ?? i.itemModel })),
    })),
    approveStatus: inst.approve_status,
    businessName: inst.business_name,
    formId: Number(inst.form_id),
    businessId: Number(inst.business_id),
    processDefinitionId: Number(inst.definition_id),
    currentTaskId: mine ? Number(mine.id) : null,
    waitList: [...waitList.values()],
    /** What the caller's task allows (ours): the node's buttons and where 退回 may send it. */
    currentNode: mine
      ? {
          nodeId: mine.node_id,
          nodeName: resubmit ? '发起人' : (node?.nodeName ?? ''),
          resubmit,
          approveItems: resubmit ? [] : ((node as ApproverNode | null)?.approveItems ?? []),
          commentRequired: !!node?.commentRequired,
          allowReturn: !resubmit && node?.allowReturn !== false,
          allowTransfer: !resubmit && node?.allowTransfer !== false,
          allowAddSign: !resubmit && node?.allowAddSign !== false,
          returnTargets: resubmit ? [] : await returnTargets(db, state, mine.node_id),
        }
      : null,
    /** Why the caller may open it (ours); everything but a waiting task of theirs is read-only. */
    viewRight,
    canCancel: running && isInitiator && !acted,
    canRemind: running && isInitiator && waiting.length > 0,
  };
}
