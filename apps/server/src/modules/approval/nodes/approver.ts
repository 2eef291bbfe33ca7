import { sql, type Kysely } from 'kysely';
import { COMMENT_STATUS, deadlineOf, resolveRecipients, TENANT_ADMIN_ROLE_CODE, type ApproverNode } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { recordDirectory, tenantOfRecord } from '../../automation/index.ts';
import { SUPER_ROLE_CODE } from '../../user/worker.ts';
import { announceTask, comment, taskOf, type FlowState } from '../instance.ts';
import { TASK_STATUS } from '../taskStatus.ts';
import type { ApprovalNodeRuntime } from './types.ts';

type Trx = Kysely<Database>;

/**
 * Who signs when nobody was found: the park's super administrators, or for a tenant's record
 * (tenantOfRecord) the tenant's 主管理员 (its TENANT_ADMIN role), never the park or another tenant.
 */
async function administrators(trx: Trx, state: FlowState): Promise<string[]> {
  const tenantId = await tenantOfRecord(trx, state.inst.form_id, state.record);
  const rows =
    tenantId === null
      ? await sql<{ id: string }>`
          select distinct u.id from sys_user u join sys_user_role ur on ur.user_id = u.id join sys_role r on r.id = ur.role_id
          where r.role_code = ${SUPER_ROLE_CODE} and u.status = 0 order by u.id`.execute(trx)
      : await sql<{ id: string }>`
          select distinct u.id from sys_user u join sys_user_role ur on ur.user_id = u.id join sys_role r on r.id = ur.role_id
          where r.role_code = ${TENANT_ADMIN_ROLE_CODE} and r.company_id = ${tenantId}::bigint and u.company_id = ${tenantId}::bigint
            and u.status = 0 order by u.id`.execute(trx);
  return rows.rows.map((r) => String(r.id));
}

async function holidayCalendar(trx: Trx): Promise<Map<string, boolean>> {
  const rows = await sql<{ day: string; workday: boolean }>`select to_char(day, 'YYYY-MM-DD') as day, workday from sys_holiday where day >= current_date - 7 and day < current_date + 400`.execute(trx);
  return new Map(rows.rows.map((r) => [r.day, r.workday]));
}

/** Who signs an approver node, in order; 连续多级主管 gives the supervisors of levels 1..leader. */
async function approversOf(trx: Trx, state: FlowState, node: ApproverNode): Promise<string[]> {
  const r = node.recipient;
  if (!r) return [];
  const dir = recordDirectory(trx, state.inst.form_id, state.record);
  const ctx = { record: state.record, initiatorId: state.inst.initiator_id };
  if (Number(r.type) === 2 && node.continuousLeaders) {
    const out: string[] = [];
    for (let level = 1; level <= Number(r.leader ?? 1); level++) out.push(...(await resolveRecipients({ ...r, leader: level }, ctx, dir)));
    return [...new Set(out)];
  }
  return resolveRecipients(r, ctx, dir);
}

/**
 * Opens a visit of an approver node: one task per signer (依次 and 连续多级主管: the first waiting,
 * the others queued). Nobody found: the node passes, or goes to the administrators, as configured.
 * Returns false when the node passed without tasks.
 */
async function openApprover(trx: Trx, state: FlowState, node: ApproverNode): Promise<boolean> {
  const { inst } = state;
  let users = await approversOf(trx, state, node);
  if (users.length === 0 && (node.noApprover ?? 'admin') === 'admin') users = await administrators(trx, state);
  if (users.length === 0) {
    await comment(trx, inst, { node, userId: null, status: COMMENT_STATUS.auto, remark: '未找到审批人，自动通过' });
    return false;
  }
  const sequential = Number(node.approveType) === 3 || (Number(node.recipient?.type) === 2 && !!node.continuousLeaders);
  const round = await trx
    .selectFrom('flow_task')
    .select((eb) => eb.fn.max('round').as('r'))
    .where('instance_id', '=', inst.id)
    .where('node_id', '=', node.nodeId)
    .executeTakeFirst();
  const limit = Number(node.timeLimitHours ?? 0);
  const due = limit > 0 ? deadlineOf(new Date(), limit, !!node.timeLimitWorkdays, node.timeLimitWorkdays ? await holidayCalendar(trx) : new Map()) : null;
  const created = await trx
    .insertInto('flow_task')
    .values(
      users.map((userId, i) => ({
        ...taskOf(state, node, userId),
        status: sequential && i > 0 ? TASK_STATUS.queued : TASK_STATUS.waiting,
        task_type: 0,
        approve_type: sequential ? 3 : Number(node.approveType ?? 0),
        seq: i + 1,
        round: Number(round?.r ?? 0) + 1,
        approve_items: JSON.stringify(node.approveItems ?? []),
        due_time: due,
      })),
    )
    .returning(['id', 'assignee_id', 'status'])
    .execute();
  for (const t of created) if (t.status === TASK_STATUS.waiting) await announceTask(trx, inst, String(t.id), t.assignee_id);
  return true;
}

/** Type 1: a visit of signers; the instance waits here unless nobody was found and the node passed. */
export const approverRuntime: ApprovalNodeRuntime = {
  open: (trx, state, node) => openApprover(trx, state, node as ApproverNode),
  returnable: true,
};
