import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { definitionOf, formatDateTime, type FileMeta } from '@park/core';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { authOf } from '../../plugins/auth.ts';
import { badRequest } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { unreadableFileIds } from '../file/index.ts';
import { attachFileRefs, detachFileRefs } from '../file/worker.ts';
import type { FormModel, TableModel } from './formModel.ts';
import type { WriteContext } from './recordWriter.ts';

const FILE_ID = /^[1-9]\d{0,17}$/;

const UPLOAD_MODELS = new WeakMap<TableModel, string[]>();

/** Upload controls store comma-joined file ids under their model. Kept per model: every write asks. */
function uploadModels(table: TableModel): string[] {
  let models = UPLOAD_MODELS.get(table);
  if (!models) {
    models = table.controls.filter((c) => definitionOf(c)?.family === 'upload').map((c) => String(c.model ?? ''));
    UPLOAD_MODELS.set(table, models);
  }
  return models;
}

export function fileIdsOf(table: TableModel, row: Record<string, unknown> | null): Set<string> {
  const ids = new Set<string>();
  if (!row) return ids;
  for (const m of uploadModels(table)) {
    const v = row[m];
    const parts = Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : [];
    for (const p of parts) if (FILE_ID.test(p.trim())) ids.add(p.trim());
  }
  return ids;
}

/**
 * The write context with the metadata of every file the submitted rows name, so upload size and
 * type are validated by the same definitions the browser uses.
 */
export async function buildWriteContext(
  request: FastifyRequest,
  db: Kysely<Database>,
  sources: Array<[TableModel, Array<Record<string, unknown>>]>,
): Promise<WriteContext> {
  return writeContextFor(authOf(request), db, sources);
}

/** buildWriteContext for a caller without a request (an approver's fields, written by the approval engine). */
export async function writeContextFor(
  auth: AuthContext,
  db: Kysely<Database>,
  sources: Array<[TableModel, Array<Record<string, unknown>>]>,
): Promise<WriteContext> {
  const ids = new Set<string>();
  for (const [table, inputs] of sources) for (const input of inputs) for (const id of fileIdsOf(table, input)) ids.add(id);
  const metas = new Map<string, FileMeta>();
  if (ids.size > 0) {
    const rows = await db
      .selectFrom('sys_file')
      .select(['id', 'original_name', 'suffix', 'size', 'mime'])
      .where('id', 'in', [...ids])
      .execute();
    for (const r of rows) {
      metas.set(r.id, { fileId: r.id, originalName: r.original_name, suffix: r.suffix, size: Number(r.size), contentType: r.mime });
    }
  }
  // A method, not a property arrow: tsx's keepNames would name a fresh closure on every save (ADR 0066).
  return {
    auth,
    currentDate: formatDateTime(new Date()),
    fileInfo(id) {
      return metas.get(id);
    },
  };
}

/**
 * Keeps sys_file_ref in step with a record, inside its transaction. Newly referenced files must be
 * readable by the saver — otherwise naming someone else's file id in a record would open it.
 */
export async function syncFileRefs(
  trx: Kysely<Database>,
  ctx: Pick<AppContext, 'db'>,
  auth: AuthContext,
  model: FormModel,
  table: TableModel,
  recordId: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  const had = fileIdsOf(table, before);
  const has = fileIdsOf(table, after);
  const added = [...has].filter((id) => !had.has(id));
  const removed = [...had].filter((id) => !has.has(id));
  const ref = { formId: model.formId, recordId, subKey: table.subKey };
  if (added.length > 0) {
    const refused = await unreadableFileIds({ db: trx }, auth, added);
    if (refused.length > 0) throw badRequest('引用的文件不存在或无权访问');
    await attachFileRefs(trx, { ...ref, fileIds: added });
  }
  if (after === null) await detachFileRefs(trx, ref);
  else if (removed.length > 0) await detachFileRefs(trx, { ...ref, fileIds: removed });
}
