import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { formTable } from '../form/index.ts';

/*
 * The missed-checkpoint query over the 巡检 application's own form tables. Table names come from
 * the installation's numeric form ids; the column names are the models of the application's
 * package (apps/inspection/forms/*.json), fixed here, never taken from a request.
 */

export interface AppForms {
  plan: string;
  point: string;
  record: string;
  /** 漏检记录: where each missed checkpoint is kept as a record, for its list and the dashboard. */
  missed: string;
}

export interface MissedPoint {
  plan_id: string;
  plan_name: string | null;
  start_time: string;
  end_time: string;
  supervisor_id: string;
  supervisor_name: string | null;
  inspector_name: string | null;
  point_id: string;
  point_code: string | null;
  point_name: string | null;
  plan_date: string | null;
}

/**
 * Every checkpoint of a round that ended in (since, until] with no 巡检记录 of that checkpoint
 * inside the round's time: the plan's 巡检路线 names the checkpoints (巡检点.所属路线), a record
 * names its checkpoint by 巡检点编号 (the code its QR entry presets). Times are the forms' stored
 * text, yyyy-MM-dd HH:mm:ss in the park's time, which orders as it reads.
 */
export async function missedPoints(db: Kysely<Database>, forms: AppForms, since: string, until: string): Promise<MissedPoint[]> {
  const plan = sql.table(formTable(forms.plan));
  const point = sql.table(formTable(forms.point));
  const record = sql.table(formTable(forms.record));
  const rows = await sql<MissedPoint>`
    select p.id as plan_id, p.plan_name, p.start_time, p.end_time, p.supervisor as supervisor_id, p.supervisor_label as supervisor_name, p.inspector_label as inspector_name, p.plan_date,
           pt.id as point_id, pt.point_code, pt.point_name
      from ${plan} p
      join ${point} pt on pt.route = p.route
     where p.end_time > ${since} and p.end_time <= ${until}
       and p.supervisor ~ '^[0-9]{1,18}$' and p.start_time is not null
       and not exists (
         select 1 from ${record} r
          where r.point_code = pt.point_code and r.inspect_time >= p.start_time and r.inspect_time <= p.end_time)
     order by p.id, pt.order_no nulls last, pt.id`.execute(db);
  return rows.rows.map((r) => ({ ...r, plan_id: String(r.plan_id), point_id: String(r.point_id) }));
}

/** The points of these rounds not claimed before: claimed now (the caller's transaction sends their messages). */
export async function claimMissed(db: Kysely<Database>, planFormId: string, missed: readonly MissedPoint[]): Promise<Set<string>> {
  if (missed.length === 0) return new Set();
  const claimed = await db
    .insertInto('inspection_missed')
    .values(missed.map((m) => ({ plan_form_id: planFormId, plan_id: m.plan_id, point_id: m.point_id, supervisor_id: m.supervisor_id })))
    .onConflict((oc) => oc.columns(['plan_form_id', 'plan_id', 'point_id']).doNothing())
    .returning(['plan_id', 'point_id'])
    .execute();
  return new Set(claimed.map((c) => `${c.plan_id}:${c.point_id}`));
}

/**
 * The claimed points as 漏检记录 rows, written by the job (no creator: nobody entered them), so the
 * supervisors' list and the dashboard count them as any form's records.
 */
export async function recordMissed(db: Kysely<Database>, formId: string, missed: readonly MissedPoint[]): Promise<void> {
  if (missed.length === 0) return;
  await db
    .insertInto(formTable(formId) as 'inspection_missed')
    .values(
      missed.map((m) => ({
        plan_name: m.plan_name, plan_id: m.plan_id, point_code: m.point_code, point_name: m.point_name, inspector_name: m.inspector_name,
        supervisor_name: m.supervisor_name, start_time: m.start_time, end_time: m.end_time, plan_date: m.plan_date ?? m.end_time.slice(0, 10),
      })) as never,
    )
    .execute();
}
