import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { type FileRow, findFile } from '../file/worker.ts';
import { FILE_NOT_FOUND } from '../file/index.ts';
import { EXPORT, findJobByCode } from './repo.ts';
import type { JobRow } from './jobLease.ts';

const JOB_FILE = /^(ie[0-9a-z]{25})(_error)?(?:\.xlsx)?$/;

/** Who may see a job and its files: its requester, or an administrator (super role). */
export function mayReadJob(auth: AuthContext, job: JobRow): boolean {
  return job.created_by === auth.userId || auth.permissions.isSuper;
}

/**
 * For GET /api/file/download/{x} (spec 002 §4): `{code}` is an export's workbook ({formName}.xlsx)
 * and `{code}_error` (or `{code}_error.xlsx`) an import's rejected rows ({formName}_error.xlsx).
 * Null when `x` is not a job code, so file ids take the usual path; 404 for a code the caller may
 * not read, as for a missing file.
 */
export async function jobDownloadFile(ctx: Pick<AppContext, 'db'>, auth: AuthContext, text: string): Promise<FileRow | null> {
  const m = JOB_FILE.exec(text);
  if (!m) return null;
  const job = await findJobByCode(ctx.db, m[1]!);
  if (!job || !mayReadJob(auth, job)) throw notFound(FILE_NOT_FOUND);
  const fileId = m[2] ? job.error_file_id : job.kind === EXPORT ? job.result_file_id : null;
  const file = fileId ? await findFile(ctx.db, fileId) : undefined;
  if (!file) throw notFound(FILE_NOT_FOUND);
  return file;
}
