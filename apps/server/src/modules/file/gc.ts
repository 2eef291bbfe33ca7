import type PgBoss from 'pg-boss';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { purgeStaleTemps } from './receive.ts';
import { deleteUnreferenced } from './repo.ts';
import { createFileStorage, uploadTempDir, type FileStorage } from './storage.ts';

export const FILE_GC = 'file-gc';
/* A form is filled in within a day; an upload no record references by then was abandoned. */
export const UNREFERENCED_TTL_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

export interface CollectResult {
  files: number;
  temps: number;
}

/**
 * Deletes uploads that no record references and that are older than `ttlMs`: rows first (in
 * batches, so a backlog never holds long locks), then bytes. A crash between the two leaves only
 * unreachable bytes, never a row without bytes. Also removes temp files a crash left mid-upload.
 */
export async function collectUnreferencedFiles(
  db: Kysely<Database>,
  storage: FileStorage,
  tempDir: string,
  ttlMs = UNREFERENCED_TTL_MS,
): Promise<CollectResult> {
  const cutoff = new Date(Date.now() - ttlMs);
  let files = 0;
  for (;;) {
    const keys = await deleteUnreferenced(db, cutoff, BATCH);
    await Promise.all(keys.map((k) => storage.delete(k)));
    files += keys.length;
    if (keys.length < BATCH) break;
  }
  const temps = await purgeStaleTemps(tempDir, ttlMs);
  return { files, temps };
}

/** The hourly collector job (registered by jobs/boss.ts). */
export async function registerFileGc(boss: PgBoss, ctx: AppContext, logger: Logger): Promise<void> {
  const storage = createFileStorage(ctx.config);
  const tempDir = uploadTempDir(ctx.config);
  await boss.createQueue(FILE_GC);
  await boss.schedule(FILE_GC, '17 * * * *');
  await boss.work(FILE_GC, async () => {
    const result = await collectUnreferencedFiles(ctx.db, storage, tempDir);
    if (result.files || result.temps) logger.info(result, '已清理未被引用的上传文件');
  });
}
