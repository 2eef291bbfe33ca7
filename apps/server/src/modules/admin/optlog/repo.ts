import { sql, type Kysely } from 'kysely';
import type { OptLogRow, OptResult } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { num, time } from '../common.ts';

export interface OptLogFilter {
  username?: string;
  module?: string;
  result?: OptResult;
  begin?: Date;
  end?: Date;
  limit: number;
  offset: number;
  /** A tenant's log only (its caller's, or the one the park picked); null: every row. */
  tenantId: string | null;
}

/*
 * Each filter is an equality on an indexed column plus a time range, and the page is the newest
 * rows first: PostgreSQL walks (column, create_time) backwards and stops after a page, so page 1
 * stays fast over millions of rows (see bench/optlog.ts).
 */
function filtered(db: Kysely<Database>, f: OptLogFilter) {
  let q = db.selectFrom('sys_operation_log');
  if (f.username) q = q.where('username', '=', f.username);
  if (f.module) q = q.where('module', '=', f.module);
  if (f.result !== undefined) q = q.where('result', '=', f.result);
  if (f.begin) q = q.where('create_time', '>=', f.begin);
  if (f.end) q = q.where('create_time', '<=', f.end);
  if (f.tenantId !== null) q = q.where('company_id', '=', f.tenantId);
  return q;
}

/* Counting is the slow half of a page over millions of rows: it stops here, and an unfiltered
   log takes the planner's row estimate instead (the form lists do the same). */
export const OPTLOG_COUNT_CAP = 100_000;

export type CountKind = 'exact' | 'capped' | 'estimate';

export async function listOptLog(
  db: Kysely<Database>,
  f: OptLogFilter,
): Promise<{ rows: OptLogRow[]; total: number; totalCountKind: CountKind }> {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .select(['id', 'user_id', 'username', 'module', 'action', 'target_type', 'target_id', 'detail', 'ip', 'result', 'err_msg', 'create_time'])
      .orderBy('create_time', 'desc')
      .orderBy('id', 'desc')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    db
      .selectFrom(filtered(db, f).select(sql<number>`1`.as('one')).limit(OPTLOG_COUNT_CAP + 1).as('c'))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  let total = Number(count.n);
  let totalCountKind: CountKind = 'exact';
  if (total > OPTLOG_COUNT_CAP) {
    const unfiltered = !f.username && !f.module && f.result === undefined && !f.begin && !f.end && f.tenantId === null;
    if (unfiltered) {
      const est = await sql<{ n: string }>`select reltuples::bigint as n from pg_class where oid = 'sys_operation_log'::regclass`.execute(db);
      total = Math.max(OPTLOG_COUNT_CAP + 1, Number(est.rows[0]?.n ?? 0));
      totalCountKind = 'estimate';
    } else {
      total = OPTLOG_COUNT_CAP;
      totalCountKind = 'capped';
    }
  }
  return {
    total,
    totalCountKind,
    rows: rows.map((r) => ({
      id: num(r.id),
      userId: r.user_id === null ? null : num(r.user_id),
      username: r.username,
      module: r.module,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      detail: r.detail ?? null,
      ip: r.ip,
      result: r.result as OptResult,
      errMsg: r.err_msg,
      createTime: time(r.create_time),
    })),
  };
}

const BATCH = 10_000;

/** The retention policy: the only way rows leave the log. Deletes in batches to keep locks short. */
export async function purgeOptLog(db: Kysely<Database>, olderThanDays: number): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanDays * 86_400_000);
  let total = 0;
  for (;;) {
    const r = await sql`
      delete from sys_operation_log where id in (
        select id from sys_operation_log where create_time < ${cutoff} limit ${BATCH}
      )`.execute(db);
    const n = Number(r.numAffectedRows ?? 0);
    total += n;
    if (n < BATCH) return total;
  }
}
