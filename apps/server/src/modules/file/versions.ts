import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { formatDateTime } from '@park/core';
import type { AppContext } from '../../context.ts';
import type { Database, SysFileVersionTable } from '../../db/schema.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import type { FileRow } from './repo.ts';
import type { Pending } from './service.ts';
import type { FileStorage } from './storage.ts';

export type FileVersionRow = Selectable<SysFileVersionTable>;

/**
 * Whether a user may save a new version of a file (the document page's write mode). A file a record
 * holds is edited through that record: the user must be able to update some record referencing
 * it, by the same rule updateformdata applies (the form is enabled and the record is within the
 * user's company scope). A file no record holds yet belongs to its uploader alone.
 */
export async function canEditFile(
  ctx: AppContext,
  auth: AuthContext,
  file: FileRow,
): Promise<boolean> {
  const refs = await ctx.db
    .selectFrom('sys_file_ref')
    .select(['form_id', 'record_id', 'sub_key'])
    .where('file_id', '=', file.id)
    .limit(50)
    .execute();
  if (refs.length === 0) return file.uploader_id !== null && file.uploader_id === auth.userId;
  for (const ref of refs) if (await ctx.fileHolders.mayEditHeld(ctx, auth, ref)) return true;
  return false;
}

/**
 * Makes `pending` the newest version of `file`: the bytes it replaces are kept as a version row, the
 * file keeps its id, and the change is logged, all in one transaction. `baseVersion` (the version
 * the editor loaded) guards against overwriting someone else's save.
 */
export async function saveNewVersion(
  db: Kysely<Database>,
  storage: FileStorage,
  request: FastifyRequest,
  auth: AuthContext,
  file: FileRow,
  pending: Pending,
  baseVersion: number | null,
): Promise<FileRow> {
  const key = await storage.putFile(pending.tempPath);
  try {
    return await db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('sys_file').selectAll().where('id', '=', file.id).forUpdate().executeTakeFirst();
      if (!current) throw notFound('文件不存在或已被删除');
      if (baseVersion !== null && current.version !== baseVersion) {
        throw conflict('文件已被他人修改，请刷新后重试');
      }
      await trx
        .insertInto('sys_file_version')
        .values({
          file_id: current.id,
          version: current.version,
          file_key: current.file_key,
          size: current.size,
          mime: current.mime,
          sha256: current.sha256,
          create_by: current.update_by ?? current.uploader_id,
          create_time: current.update_time ?? current.create_time,
        })
        .execute();
      const updated = await trx
        .updateTable('sys_file')
        .set({
          file_key: key,
          size: pending.size,
          mime: pending.mime,
          sha256: pending.sha256,
          version: current.version + 1,
          update_by: auth.userId,
          update_time: new Date(),
        })
        .where('id', '=', current.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeAudit(trx, request, {
        action: '保存文件新版本',
        targetType: 'sys_file',
        targetId: current.id,
        detail: {
          originalName: current.original_name,
          from: { version: current.version, sha256: current.sha256, size: Number(current.size) },
          to: { version: updated.version, sha256: updated.sha256, size: Number(updated.size) },
        },
      });
      return updated;
    });
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
}

export interface FileVersionInfo {
  version: number;
  size: number;
  sha256: string;
  createBy: string | null;
  /** yyyy-MM-dd HH:mm:ss */
  createTime: string;
  current: boolean;
}

/** Every version of a file, newest first; the current one is the file row itself. */
export async function listVersions(db: Kysely<Database>, file: FileRow): Promise<FileVersionInfo[]> {
  const rows = await db
    .selectFrom('sys_file_version as v')
    .leftJoin('sys_user as u', 'u.id', 'v.create_by')
    .select(['v.version', 'v.size', 'v.sha256', 'v.create_time', 'u.real_name', 'u.username'])
    .where('v.file_id', '=', file.id)
    .orderBy('v.version', 'desc')
    .execute();
  const author = await db
    .selectFrom('sys_user')
    .select(['real_name', 'username'])
    .where('id', '=', file.update_by ?? file.uploader_id ?? '0')
    .executeTakeFirst();
  return [
    {
      version: file.version,
      size: Number(file.size),
      sha256: file.sha256,
      createBy: author ? author.real_name || author.username : null,
      createTime: formatDateTime(file.update_time ?? file.create_time),
      current: true,
    },
    ...rows.map((r) => ({
      version: r.version,
      size: Number(r.size),
      sha256: r.sha256,
      createBy: r.real_name || r.username || null,
      createTime: formatDateTime(r.create_time),
      current: false,
    })),
  ];
}

/** The file row as it was at `version`, for download; the current version is the row itself. */
export async function fileAtVersion(db: Kysely<Database>, file: FileRow, version: number): Promise<FileRow> {
  if (version === file.version) return file;
  const v = await db
    .selectFrom('sys_file_version')
    .selectAll()
    .where('file_id', '=', file.id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!v) throw notFound('该版本不存在');
  return { ...file, file_key: v.file_key, size: v.size, mime: v.mime, sha256: v.sha256, version: v.version };
}
