import { sql, type Kysely } from 'kysely';
import { APPROVE_STATUS, formatDateTime } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { countOf, pageOf } from '../../plugins/paging.ts';
import { TASK_STATUS } from './taskStatus.ts';

/*
 * The handling lists in the origin client's shape (DESIGN.md §10.2): taskVos / processVos rows
 * {businessName, taskCreateTime, startTime, endTime, taskId, processInstanceId,
 * processDefinitionId, approveStatus}, with the form, record, node and initiator added.
 * Plain to-do rows written without an instance (before approvals existed) still list.
 */

type Db = Kysely<Database>;
export type TaskListKind = 'todo' | 'done' | 'cc';

const dt = (d: Date | null | undefined) => (d ? formatDateTime(d) : null);
const num = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));

function tasksOf(db: Db, userId: string, kind: TaskListKind) {
  let q = db.selectFrom('flow_task as t').where('t.assignee_id', '=', userId);
  if (kind === 'todo') q = q.where('t.status', '=', TASK_STATUS.waiting).where('t.task_type', '=', 0);
  else if (kind === 'done') q = q.where('t.status', '=', TASK_STATUS.done).where('t.task_type', '=', 0);
  else q = q.where('t.task_type', '=', 1);
  return q;
}

export async function countTasks(db: Db, userId: string, kind: TaskListKind): Promise<number> {
  return countOf(tasksOf(db, userId, kind));
}

export async function listTasks(db: Db, userId: string, kind: TaskListKind, pageNum: number, pageSize: number) {
  const base = tasksOf(db, userId, kind);
  const order = kind === 'todo' ? 't.create_time' : 't.done_time';
  const { rows, total: totalCount } = await pageOf(base, { pageNum, pageSize }, (b) =>
    b
      .leftJoin('flow_instance as i', 'i.id', 't.instance_id')
      .leftJoin('sys_user as u', 'u.id', 't.initiator_id')
      .select([
        't.id', 't.title', 't.form_id', 't.form_name', 't.business_id', 't.node_name', 't.create_time', 't.done_time', 't.action', 't.due_time',
        't.instance_id', 'i.definition_id', 'i.business_name', 'i.start_time', 'i.end_time', 'i.approve_status', 'u.real_name as initiator_name',
      ])
      .orderBy(order, 'desc')
      .orderBy('t.id', 'desc'),
  );
  const taskVos = rows.map((r) => ({
    taskId: Number(r.id),
    processInstanceId: num(r.instance_id),
    processDefinitionId: num(r.definition_id),
    businessName: r.business_name ?? r.title,
    taskCreateTime: dt(r.create_time),
    taskEndTime: dt(r.done_time),
    startTime: dt(r.start_time),
    endTime: dt(r.end_time),
    approveStatus: r.approve_status ?? APPROVE_STATUS.running,
    formId: num(r.form_id),
    formName: r.form_name,
    businessId: num(r.business_id),
    nodeName: r.node_name,
    initiatorName: r.initiator_name,
    action: r.action,
    dueTime: dt(r.due_time),
  }));
  // The original client reads the done list from processVos (its to-do list from taskVos); ours reads taskVos.
  return kind === 'done' ? { totalCount, taskVos, processVos: taskVos } : { totalCount, taskVos };
}

export async function listStarted(db: Db, userId: string, pageNum: number, pageSize: number) {
  const base = db.selectFrom('flow_instance as i').where('i.initiator_id', '=', userId);
  const { rows, total: totalCount } = await pageOf(base, { pageNum, pageSize }, (b) =>
    b
      .leftJoin('form_conf as f', 'f.id', 'i.form_id')
      .select(['i.id', 'i.definition_id', 'i.business_name', 'i.start_time', 'i.end_time', 'i.approve_status', 'i.form_id', 'i.business_id', 'f.form_name'])
      .select((eb) =>
        eb
          .selectFrom('flow_task as w')
          .select(sql<string>`string_agg(distinct w.node_name, '、')`.as('n'))
          .whereRef('w.instance_id', '=', 'i.id')
          .where('w.status', '=', TASK_STATUS.waiting)
          .as('current_node'),
      )
      .orderBy('i.start_time', 'desc')
      .orderBy('i.id', 'desc'),
  );
  return {
    totalCount,
    processVos: rows.map((r) => ({
      processInstanceId: Number(r.id),
      processDefinitionId: Number(r.definition_id),
      businessName: r.business_name,
      startTime: dt(r.start_time),
      endTime: dt(r.end_time),
      approveStatus: r.approve_status,
      formId: Number(r.form_id),
      formName: r.form_name,
      businessId: Number(r.business_id),
      currentNodeName: r.current_node ?? null,
    })),
  };
}

/**
 * The latest instance of each listed record: what the list page shows as 审批状态, and whether
 * the caller's 编辑 and 删除 are refused while it runs (the database's own rule, ADR 0026: after
 * a 退回 to the initiator, they alone may edit again).
 */
export async function recordStatuses(db: Db, formId: string, businessIds: string[], callerId: string) {
  if (businessIds.length === 0) return [];
  const rows = await db
    .selectFrom('flow_instance')
    .distinctOn('business_id')
    .select(['business_id', 'id', 'approve_status'])
    .select([
      sql<boolean>`approve_status = ${APPROVE_STATUS.running} and park_record_locked(form_id, business_id, ${callerId}::bigint)`.as('edit_locked'),
      sql<boolean>`approve_status = ${APPROVE_STATUS.running} and park_record_locked(form_id, business_id, null)`.as('delete_locked'),
    ])
    .where('form_id', '=', formId)
    .where('business_id', 'in', businessIds)
    .orderBy('business_id')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    businessId: Number(r.business_id),
    processInstanceId: Number(r.id),
    approveStatus: r.approve_status,
    editLocked: r.edit_locked,
    deleteLocked: r.delete_locked,
  }));
}
