import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { canReadFile } from './access.ts';
import { sanitizeName } from './names.ts';
import { discardTemps, receiveToTemp, TooLargeError, type Received } from './receive.ts';
import { findFile, insertFiles, type FileRow } from './repo.ts';
import { createFileStorage, uploadTempDir, type FileStorage } from './storage.ts';
import { checkType, type CheckedType } from './typeCheck.ts';

const MB = 1024 * 1024;
export const FILE_NOT_FOUND = '文件不存在或已被删除';

/** The size limit of one upload: the caller's per-field limit, never above MAX_UPLOAD_MB. */
export interface SizeLimit {
  bytes: number;
  /** For the message, in the caller's unit. */
  mb: number;
}

/** An upload received and checked, waiting in the temp directory to be stored. */
export type Pending = Received & CheckedType;

export class FileService {
  readonly storage: FileStorage;
  private readonly tempDir: string;

  constructor(
    private readonly ctx: AppContext,
    storage?: FileStorage,
  ) {
    this.storage = storage ?? createFileStorage(ctx.config);
    this.tempDir = uploadTempDir(ctx.config);
  }

  limitFor(maxFileSizeMb?: number | null): SizeLimit {
    const globalMb = this.ctx.config.maxUploadMb;
    const mb = maxFileSizeMb && maxFileSizeMb > 0 ? Math.min(maxFileSizeMb, globalMb) : globalMb;
    return { bytes: Math.floor(mb * MB), mb };
  }

  /**
   * Streams one part to a temp file and checks its type. A refused part leaves nothing behind;
   * an accepted one stays in the temp directory until commit() or discard().
   */
  async receive(
    source: Readable & { truncated?: boolean },
    rawName: string,
    limit: SizeLimit,
    imagesOnly: boolean,
  ): Promise<Pending> {
    let received: Received;
    try {
      received = await receiveToTemp(source, this.tempDir, limit.bytes);
    } catch (err) {
      if (err instanceof TooLargeError)
        throw new AppError(413, `文件大小超过限制（最大 ${+limit.mb.toFixed(2)} MB）`);
      throw err;
    }
    try {
      return { ...received, ...(await checkType(received, sanitizeName(rawName), imagesOnly)) };
    } catch (err) {
      await discardTemps([received]);
      throw err;
    }
  }

  discard(pending: readonly Pending[]): Promise<void> {
    return discardTemps(pending);
  }

  /**
   * Moves the checked uploads into storage, then records them and the operation log in one
   * transaction. If the transaction fails the stored bytes are deleted again, so a failed request
   * leaves neither rows nor bytes.
   */
  async commit(request: FastifyRequest, auth: AuthContext, pending: readonly Pending[]): Promise<FileRow[]> {
    const keys: string[] = [];
    try {
      for (const p of pending) keys.push(await this.storage.putFile(p.tempPath));
      return await this.ctx.db.transaction().execute(async (trx) => {
        const rows = await insertFiles(
          trx,
          pending.map((p, i) => ({
            fileKey: keys[i]!,
            originalName: p.originalName,
            suffix: p.suffix,
            size: p.size,
            mime: p.mime,
            sha256: p.sha256,
            uploaderId: auth.userId,
            companyId: auth.user.companyId === null ? null : String(auth.user.companyId),
          })),
        );
        // RETURNING order is not promised by SQL; put the rows back in upload order.
        const byKey = new Map(rows.map((r) => [r.file_key, r]));
        const ordered = keys.map((k) => byKey.get(k)!);
        await writeAudit(trx, request, {
          action: '上传文件',
          targetType: 'sys_file',
          targetId: ordered.map((r) => r.id).join(','),
          detail: ordered.map((r) => ({
            fileId: r.id,
            originalName: r.original_name,
            size: Number(r.size),
            sha256: r.sha256,
          })),
        });
        return ordered;
      });
    } catch (err) {
      await Promise.all(keys.map((k) => this.storage.delete(k).catch(() => undefined)));
      await this.discard(pending);
      throw err;
    }
  }

  /** The file if the caller may read it; 404 otherwise, so a file's existence is not revealed. */
  async readable(auth: AuthContext, idText: string): Promise<FileRow> {
    if (!/^[1-9]\d{0,17}$/.test(idText)) throw notFound(FILE_NOT_FOUND);
    const row = await findFile(this.ctx.db, idText);
    if (!row || !(await canReadFile(this.ctx, auth, row))) throw notFound(FILE_NOT_FOUND);
    return row;
  }
}

declare module '../../context.ts' {
  interface AppContext {
    /** One per app context, made by bootstrap.ts: the file routes and the import/export uploads share it. */
    files: FileService;
  }
}
