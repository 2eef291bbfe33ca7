import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ReportExportTable } from '../../../db/schema.ts';

/*
 * The report_export row is the state of record of a table export (ADR 0019), as form_import_export
 * is for form exports (ADR 0005): a run claims it under a lease; every write of a run (progress,
 * the end) is fenced on the lease's owner, so a run that lost its lease can never write.
 */

export type ReportExportRow = Selectable<ReportExportTable>;

/** What an export was asked with, kept so a run after a restart asks the same. */
export interface ReportExportParams {
  queryConditions?: unknown;
  drillingConditions?: unknown;
  superConditions?: unknown;
}

export const LEASE_SECONDS = 60;
/** A job started this many times (each a crash or a retry) is failed instead of run again. */
export const MAX_ATTEMPTS = 4;

export function newLeaseOwner(): string {
  return crypto.randomBytes(12).toString('hex');
}

const renewal = () => sql<Date>`now() + make_interval(secs => ${LEASE_SECONDS})`;

/** Claims a pending job, or a running one whose lease expired; undefined when held elsewhere or finished. */
export function claimExport(db: Kysely<Database>, id: string, owner: string): Promise<ReportExportRow | undefined> {
  return db
    .updateTable('report_export')
    .set({ state: 'running', attempts: sql`attempts + 1`, lease_owner: owner, lease_until: renewal() })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('state', '=', 'pending'), eb.and([eb('state', '=', 'running'), eb('lease_until', '<', sql<Date>`now()`)])]))
    .returningAll()
    .executeTakeFirst();
}

/** Renews the lease, with progress when given; false when the lease was lost. */
export async function renewExport(db: Kysely<Database>, id: string, owner: string, rowsDone?: number): Promise<boolean> {
  const r = await db
    .updateTable('report_export')
    .set({ lease_until: renewal(), ...(rowsDone === undefined ? {} : { rows_done: rowsDone }) })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export type ExportEnd = { state: 'success'; rowsDone: number; fileId: string } | { state: 'failed'; reason: string };

/** Ends a run's job; false when the lease was lost (another run owns the job now). */
export async function finishExport(db: Kysely<Database>, id: string, owner: string, end: ExportEnd): Promise<boolean> {
  const set = end.state === 'success' ? { state: end.state, rows_done: end.rowsDone, file_id: end.fileId } : { state: end.state, reason: end.reason };
  const r = await db
    .updateTable('report_export')
    .set({ ...set, finish_time: new Date(), lease_until: null })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Gives the job up at once, so a retry may claim it. */
export async function releaseExport(db: Kysely<Database>, id: string, owner: string): Promise<void> {
  await db.updateTable('report_export').set({ lease_until: sql`now()` }).where('id', '=', id).where('lease_owner', '=', owner).where('state', '=', 'running').execute();
}

/** Jobs to send again: running under an expired lease (their worker died), or pending for a minute (their message was lost). */
export async function strandedExports(db: Kysely<Database>, atStart: boolean): Promise<Array<{ id: string; lease_until: Date | null }>> {
  return db
    .selectFrom('report_export')
    .select(['id', 'lease_until'])
    .where((eb) =>
      eb.or([
        atStart ? eb('state', '=', 'running') : eb.and([eb('state', '=', 'running'), eb('lease_until', '<', sql<Date>`now()`)]),
        eb.and([eb('state', '=', 'pending'), eb('create_time', '<', sql<Date>`now() - interval '1 minute'`)]),
      ]),
    )
    .limit(1000)
    .execute();
}
