import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { countOf, pageOf, type PageQuery } from '../../plugins/paging.ts';

/** Approval to-dos (flow_task) waiting for a user. */
const WAITING = 0;

const waitingFor = (db: Kysely<Database>, userId: string) =>
  db.selectFrom('flow_task').where('flow_task.assignee_id', '=', userId).where('flow_task.status', '=', WAITING);

export function countWaiting(db: Kysely<Database>, userId: string): Promise<number> {
  return countOf(waitingFor(db, userId));
}

export function pageWaiting(db: Kysely<Database>, userId: string, q: PageQuery) {
  return pageOf(waitingFor(db, userId), q, (base) =>
    base
      .leftJoin('sys_user as initiator', 'initiator.id', 'flow_task.initiator_id')
      .select([
        'flow_task.id',
        'flow_task.title',
        'flow_task.form_id',
        'flow_task.form_name',
        'flow_task.business_id',
        'flow_task.status',
        'flow_task.create_time',
        'initiator.real_name as initiator_name',
      ])
      .orderBy('flow_task.create_time', 'desc')
      .orderBy('flow_task.id', 'desc'),
  );
}
