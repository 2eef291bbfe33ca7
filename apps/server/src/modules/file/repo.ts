import { type Kysely, type Selectable } from 'kysely';
import type { Database, SysFileTable } from '../../db/schema.ts';

export type FileRow = Selectable<SysFileTable>;

export interface NewFileRow {
  fileKey: string;
  originalName: string;
  suffix: string;
  size: number;
  mime: string;
  sha256: string;
  uploaderId: string;
  companyId: string | null;
}

export async function insertFiles(db: Kysely<Database>, files: NewFileRow[]): Promise<FileRow[]> {
  if (files.length === 0) return [];
  return db
    .insertInto('sys_file')
    .values(
      files.map((f) => ({
        file_key: f.fileKey,
        original_name: f.originalName,
        suffix: f.suffix,
        size: f.size,
        mime: f.mime,
        sha256: f.sha256,
        uploader_id: f.uploaderId,
        company_id: f.companyId,
      })),
    )
    .returningAll()
    .execute();
}

export async function findFile(db: Kysely<Database>, id: string): Promise<FileRow | undefined> {
  return db.selectFrom('sys_file').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function isReferenced(db: Kysely<Database>, fileId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sys_file_ref')
    .select('file_id')
    .where('file_id', '=', fileId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface RecordRef {
  formId: string | number;
  recordId: string | number;
  /** The sub-table key when the record is a sub-table row; omitted for the main table. */
  subKey?: string | null;
}

/**
 * For the form engine: records that a saved record references these files, inside the saving
 * transaction. A referenced file is kept by the collector and becomes readable to whoever may
 * read the record, so the caller must first check the saver may read each file (canReadFile);
 * otherwise a record could be used to open someone else's upload.
 */
export async function attachFileRefs(
  trx: Kysely<Database>,
  ref: RecordRef & { fileIds: readonly (string | number)[] },
): Promise<void> {
  if (ref.fileIds.length === 0) return;
  await trx
    .insertInto('sys_file_ref')
    .values(
      [...new Set(ref.fileIds.map(String))].map((fileId) => ({
        file_id: fileId,
        form_id: String(ref.formId),
        record_id: String(ref.recordId),
        sub_key: ref.subKey ?? '',
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * For the form engine: forgets a record's references, all of them (the record was deleted) or
 * only the given files (they were removed from it). Files left unreferenced are collected later.
 */
export async function detachFileRefs(
  trx: Kysely<Database>,
  ref: RecordRef & { fileIds?: readonly (string | number)[] },
): Promise<void> {
  let q = trx
    .deleteFrom('sys_file_ref')
    .where('form_id', '=', String(ref.formId))
    .where('record_id', '=', String(ref.recordId))
    .where('sub_key', '=', ref.subKey ?? '');
  if (ref.fileIds) {
    if (ref.fileIds.length === 0) return;
    q = q.where('file_id', 'in', ref.fileIds.map(String));
  }
  await q.execute();
}

/**
 * Deletes up to `limit` unreferenced files older than the cutoff and returns their keys (with the
 * keys of their earlier versions).
 * FOR UPDATE SKIP LOCKED pairs with the FK's KEY SHARE lock: a file that a saving record is
 * referencing right now is skipped, and one locked here makes that save fail on the FK instead of
 * leaving a reference to deleted bytes.
 */
export async function deleteUnreferenced(
  db: Kysely<Database>,
  olderThan: Date,
  limit: number,
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('sys_file as f')
      .select(['f.id', 'f.file_key'])
      .where('f.create_time', '<', olderThan)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('sys_file_ref as r').select('r.file_id').whereRef('r.file_id', '=', 'f.id'))),
      )
      .orderBy('f.id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    // Earlier versions of an edited file go with it (their rows by ON DELETE CASCADE).
    const versions = await trx.selectFrom('sys_file_version').select('file_key').where('file_id', 'in', ids).execute();
    await trx.deleteFrom('sys_file').where('id', 'in', ids).execute();
    return [...rows.map((r) => r.file_key), ...versions.map((v) => v.file_key)];
  });
}
