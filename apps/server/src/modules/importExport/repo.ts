import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { JobLease, JobRow } from './jobLease.ts';

export const EXPORT = 1;
export const IMPORT = 2;
export type JobKind = typeof EXPORT | typeof IMPORT;

export type JobState = 'pending' | 'running' | 'success' | 'part_success' | 'failed';
export const FINISHED: readonly JobState[] = ['success', 'part_success', 'failed'];

/** Who asked, kept with the job: the job runs with this user's rights, read again when it runs. */
export interface Requester {
  id: string;
  username: string;
  userType: number;
  companyId: string | null;
  ip: string;
}

export interface JobParams {
  requester: Requester;
  widgetId?: string | null;
  /** Export: the list's conditions, already checked against the form's columns. */
  queryConditions?: unknown;
}

/**
 * 'ie' and 25 base-36 digits of 128 random bits: URL-safe, unguessable, never all digits (so a
 * download path cannot mistake it for a file id), and short enough that `{code}_error.xlsx`
 * fits the download route's 40 characters.
 */
export function newJobCode(): string {
  const n = BigInt(`0x${crypto.randomBytes(16).toString('hex')}`);
  return `ie${n.toString(36).padStart(25, '0')}`;
}

export const JOB_CODE = /^ie[0-9a-z]{25}$/;

export async function insertJob(
  db: Kysely<Database>,
  job: { kind: JobKind; formId: string; params: JobParams; sourceFileId?: string | null },
): Promise<JobRow> {
  return db
    .insertInto('form_import_export')
    .values({
      code: newJobCode(),
      form_id: job.formId,
      kind: job.kind,
      params: JSON.stringify(job.params),
      source_file_id: job.sourceFileId ?? null,
      created_by: job.params.requester.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findJobByCode(db: Kysely<Database>, code: string): Promise<JobRow | undefined> {
  if (!JOB_CODE.test(code)) return undefined;
  return db.selectFrom('form_import_export').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function findJob(db: Kysely<Database>, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('form_import_export').selectAll().where('id', '=', id).executeTakeFirst();
}

export function paramsOf(job: JobRow): JobParams {
  return job.params as JobParams;
}

export interface Outcome {
  state: 'success' | 'part_success' | 'failed';
  reason?: string | null;
  resultFileId?: string | null;
  errorFileId?: string | null;
  total?: number;
  done?: number;
}

class FenceRefused extends Error {}

/**
 * Ends a job in one transaction with its operation-log row (one per import or export, with the
 * counts). `prepare` runs first in the same transaction (it records the result files). Fenced on
 * the lease when one is given: a worker that lost the job writes nothing and gets false.
 */
export async function finishJob(
  db: Kysely<Database>,
  job: JobRow,
  lease: JobLease | null,
  outcome: Outcome,
  prepare?: (trx: Kysely<Database>) => Promise<Pick<Outcome, 'resultFileId' | 'errorFileId'>>,
): Promise<boolean> {
  try {
    await db.transaction().execute(async (trx) => {
      const files = prepare ? await prepare(trx) : {};
      const o = { ...outcome, ...files };
      let q = trx
        .updateTable('form_import_export')
        .set({
          state: o.state,
          reason: o.reason ?? null,
          ...(o.resultFileId !== undefined ? { result_file_id: o.resultFileId } : {}),
          ...(o.errorFileId !== undefined ? { error_file_id: o.errorFileId } : {}),
          ...(o.total !== undefined ? { total: o.total } : {}),
          ...(o.done !== undefined ? { done: o.done } : {}),
          lease_owner: null,
          lease_until: null,
          update_time: sql`now()`,
          finish_time: sql`now()`,
        })
        .where('id', '=', job.id)
        .where('state', 'in', ['pending', 'running']);
      if (lease) q = q.where('lease_owner', '=', lease.owner);
      const done = await q.returningAll().executeTakeFirst();
      if (!done) throw new FenceRefused();
      // The rejected rows now live in the error workbook.
      if (done.kind === IMPORT) await trx.deleteFrom('form_import_error').where('job_id', '=', done.id).execute();
      const requester = paramsOf(done).requester;
      const counts =
        done.kind === IMPORT
          ? { total: done.total, okRows: done.ok_rows, badRows: done.bad_rows }
          : { total: done.total, rows: done.done };
      await trx
        .insertInto('sys_operation_log')
        .values({
          user_id: requester.id,
          username: requester.username,
          module: '表单',
          action: done.kind === IMPORT ? 'Excel导入表单数据' : 'Excel导出表单数据',
          target_type: `form:${done.form_id}`,
          target_id: done.code,
          detail: JSON.stringify({ state: done.state, ...counts, ...(done.reason ? { reason: done.reason } : {}) }),
          ip: requester.ip,
          result: done.state === 'failed' ? 1 : 0,
          err_msg: done.state === 'failed' ? (done.reason ?? null) : null,
        })
        .execute();
    });
    return true;
  } catch (err) {
    if (err instanceof FenceRefused) return false;
    throw err;
  }
}
