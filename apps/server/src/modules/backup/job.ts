import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { BACKUP_TEXT } from '@park/core';
import type { AppContext } from '../../context.ts';
import { MSG_BIG_TYPE, MSG_SMALL_TYPE, notify } from '../msg/index.ts';
import { SUPER_ROLE_CODE } from '../user/worker.ts';
import { embeddedSource, runBackup, type BackupSource } from './backup.ts';
import { backupRecipients, type BackupTrigger } from './repo.ts';
import { pruneBackups } from './retention.ts';

export const BACKUP_QUEUE = 'backup';
export const BACKUP_PERMISSION = 'system:backup';
export const BACKUP_MENU_PATH = '/system/backup';

export interface BackupJobData {
  trigger: BackupTrigger;
}

export type BackupOutcome = { ok: true; name: string; pruned: string[] } | { ok: false; error: string };

/**
 * One backup and the retention sweep, as the nightly job and 立即备份 run it. A failure is told to
 * the administrators as a message (and logged); it is not retried, since whatever broke it
 * (a full disk, a missing pg_dump) needs a person first.
 */
export async function backupAndPrune(ctx: AppContext, source: BackupSource, trigger: BackupTrigger, logger: Logger): Promise<BackupOutcome> {
  try {
    const { name, manifest } = await runBackup(ctx.config, ctx.db, source, { trigger });
    const pruned = await pruneBackups(ctx.db, ctx.config.ops.backupDir, ctx.config.ops.backupKeepDays);
    logger.info({ name, bytes: manifest.totalBytes, pruned }, '数据备份完成');
    return { ok: true, name, pruned };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    logger.error({ error }, '数据备份失败');
    await ctx.db
      .transaction()
      .execute(async (trx) =>
        notify(trx, {
          receiverIds: await backupRecipients(trx, SUPER_ROLE_CODE, BACKUP_PERMISSION),
          title: BACKUP_TEXT.failedTitle,
          content: `${trigger === 'nightly' ? '每日自动备份' : '手动备份'}未完成: ${error}`,
          bigType: MSG_BIG_TYPE.system,
          smallType: MSG_SMALL_TYPE.operations,
          menuUrl: BACKUP_MENU_PATH,
        }),
      )
      .catch((notifyErr: unknown) => logger.error({ error: String(notifyErr) }, '备份失败消息未能发送'));
    return { ok: false, error };
  }
}

/** The nightly backup (BACKUP_CRON in BACKUP_TZ, default 02:30 China time) and backups asked for in 系统管理 → 数据备份. */
export async function registerBackupJob(boss: PgBoss, ctx: AppContext, logger: Logger, databaseUrl: string): Promise<void> {
  const source = embeddedSource(ctx.config, databaseUrl);
  await boss.createQueue(BACKUP_QUEUE, { name: BACKUP_QUEUE, retryLimit: 0, expireInSeconds: 6 * 60 * 60 });
  if (ctx.config.ops.backupCron === 'off') await boss.unschedule(BACKUP_QUEUE);
  else {
    await boss.schedule(BACKUP_QUEUE, ctx.config.ops.backupCron, { trigger: 'nightly' } satisfies BackupJobData, {
      tz: ctx.config.ops.backupTimeZone,
    });
  }
  await boss.work<BackupJobData>(BACKUP_QUEUE, async ([job]) => {
    await backupAndPrune(ctx, source, job?.data.trigger ?? 'nightly', logger);
  });
}
