import type { Kysely } from 'kysely';
import type { FormMeta } from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../auth/index.ts';
import { attachFileRefs } from '../file/worker.ts';
import { unreadableFileIds } from '../file/index.ts';
import { badRequest } from '../../plugins/errors.ts';

/**
 * Files a design holds outside its records: the Excel export templates of its list page
 * (`exportModelInfo.fileId`, under sensorSettings or a table widget of sensorSettingsV2). They are
 * referenced like a record's files, under record 0 and this sub key, so the collector of
 * unreferenced uploads keeps them while the design uses them.
 */
export const DESIGN_REF_SUB_KEY = '__design';
const DESIGN_RECORD_ID = '0';
// Tab pages nest table widgets a dozen levels down; deeper JSON is not a design.
const MAX_DEPTH = 16;

export function designFileIds(meta: FormMeta): string[] {
  const found = new Set<string>();
  const walk = (node: unknown, depth: number) => {
    if (depth > MAX_DEPTH || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    const info = record.exportModelInfo;
    if (info && typeof info === 'object' && !Array.isArray(info)) {
      const id = String((info as Record<string, unknown>).fileId ?? '').trim();
      if (/^[1-9]\d{0,17}$/.test(id)) found.add(id);
    }
    for (const value of Object.values(record)) walk(value, depth + 1);
  };
  walk(meta.sensorSettings, 0);
  walk(meta.sensorSettingsV2, 0);
  return [...found];
}

/**
 * Makes the form's design references exactly `fileIds`, inside the saving transaction. A newly
 * referenced file must be one the saver may read: referencing makes it readable to others.
 */
export async function syncDesignFileRefs(
  trx: Kysely<Database>,
  auth: AuthContext,
  formId: string,
  fileIds: readonly string[],
): Promise<void> {
  const current = await trx
    .selectFrom('sys_file_ref')
    .select('file_id')
    .where('form_id', '=', formId)
    .where('record_id', '=', DESIGN_RECORD_ID)
    .where('sub_key', '=', DESIGN_REF_SUB_KEY)
    .execute();
  const have = new Set(current.map((r) => String(r.file_id)));
  const added = fileIds.filter((id) => !have.has(id));
  const removed = [...have].filter((id) => !fileIds.includes(id));
  if (added.length > 0) {
    const refused = await unreadableFileIds({ db: trx }, auth, added);
    if (refused.length > 0) throw badRequest(`导出模板文件(${refused[0]})不存在或无权使用，请重新上传`);
  }
  if (removed.length > 0) {
    await trx
      .deleteFrom('sys_file_ref')
      .where('form_id', '=', formId)
      .where('record_id', '=', DESIGN_RECORD_ID)
      .where('sub_key', '=', DESIGN_REF_SUB_KEY)
      .where('file_id', 'in', removed)
      .execute();
  }
  await attachFileRefs(trx, { formId, recordId: DESIGN_RECORD_ID, subKey: DESIGN_REF_SUB_KEY, fileIds: added });
}
