import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { countOf, pageOf, type PageQuery } from '../../plugins/paging.ts';

/** Form tasks (form_task) a user is executing. */
const EXECUTING = 0;

const executingFor = (db: Kysely<Database>, userId: string) =>
  db.selectFrom('form_task').where('assignee_id', '=', userId).where('status', '=', EXECUTING);

export function countExecuting(db: Kysely<Database>, userId: string): Promise<number> {
  return countOf(executingFor(db, userId));
}

export function pageExecuting(db: Kysely<Database>, userId: string, q: PageQuery) {
  return pageOf(executingFor(db, userId), q, (base) =>
    base.select(['id', 'title', 'form_id', 'form_name', 'status', 'deadline', 'create_time']).orderBy('create_time', 'desc').orderBy('id', 'desc'),
  );
}
