import type { Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { AppContext } from '../context.ts';
import { LOCK, withSessionLock } from '../db/advisoryLock.ts';
import { purgeNonces } from '../modules/auth/index.ts';
import { registerFileGc, registerFilePreviewJobs } from '../modules/file/index.ts';
import { purgeOptLog } from '../modules/admin/index.ts';
import { purgeRateLimits } from '../plugins/pgRateLimitStore.ts';
import { registerImportExport } from '../modules/importExport/index.ts';
import { registerReportExports } from '../modules/report/index.ts';
import { createSmsSender, SmsOutbox } from '../modules/company/index.ts';
import { registerBackupJob } from '../modules/backup/index.ts';
import { type AutomationEngine, startAutomation } from '../modules/automation/index.ts';
import { registerApprovalTimeouts } from '../modules/approval/index.ts';
import { isDatabaseUnavailable, OutageLog } from '../db/outage.ts';
import { registerFormAllotJob } from '../modules/tenant/index.ts';
import { registerSyncJobs } from '../modules/subsystem/index.ts';
import { registerNoticeJobs } from '../modules/notice/index.ts';
import { registerRemindJobs } from '../modules/remind/index.ts';
import { registerAutoReportJobs } from '../modules/autoReport/index.ts';
import { registerInspectionJobs } from '../modules/inspection/index.ts';

/** The automation workers started with each pg-boss (issue 18), stopped before it. */
const AUTOMATION = new WeakMap<PgBoss, AutomationEngine>();

const AUTH_CLEANUP = 'auth-cleanup';
const OPTLOG_RETENTION = 'optlog-retention';
const SMS_OUTBOX = 'sms-outbox';

/**
 * pg-boss runs background work in the same database. For now it sweeps expired sessions, used
 * login nonces and old failure counters; later features add import/export and automations.
 */
export async function startJobs(connectionString: string, ctx: AppContext, logger: Logger): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString, max: 4, application_name: 'park-jobs' });
  // Instances starting together take turns: pg-boss's create_queue deadlocks when two sessions
  // create the same queue at once (seen with two instances on one empty database).
  await withSessionLock(ctx.db as unknown as Kysely<unknown>, LOCK.jobsSetup, () => setUpJobs(boss, connectionString, ctx, logger));
  return boss;
}

async function setUpJobs(boss: PgBoss, connectionString: string, ctx: AppContext, logger: Logger): Promise<void> {
  // pg-boss attaches the pg client to its errors; log only what helps. With the database away it
  // fails every poll: that is one outage, warned once a minute.
  const outage = new OutageLog(logger, 'jobs');
  boss.on('error', (err) => {
    if (isDatabaseUnavailable(err)) outage.failed(err);
    else logger.error({ message: err.message, code: (err as { code?: string }).code }, 'pg-boss error');
  });
  await boss.start();
  // Routes enqueue through the context (import/export jobs are sent inside their request's transaction).
  ctx.jobs = boss;
  // /readyz reports the queue as down once it stops.
  boss.on('stopped', () => {
    if (ctx.jobs === boss) ctx.jobs = undefined;
  });
  await boss.createQueue(AUTH_CLEANUP);
  await boss.schedule(AUTH_CLEANUP, '*/10 * * * *');
  await boss.work(AUTH_CLEANUP, async () => {
    const sessions = await ctx.sessions.purgeExpired();
    await purgeNonces(ctx.db);
    await ctx.limiter.purgeOld();
    await purgeRateLimits(ctx.db);
    logger.info({ sessions }, '已清理过期会话');
  });
  await registerFileGc(boss, ctx, logger);
  // 数据同步 (issue 40, ADR 0047): webhook pushes with retries, purge of old nonces and OIDC artefacts.
  await registerSyncJobs(boss, ctx, logger);
  await registerNoticeJobs(boss, ctx, logger);
  await registerImportExport(boss, ctx, logger, connectionString);
  // Table-report exports (issue 21, ADR 0019).
  await registerReportExports(boss, ctx, logger, connectionString);
  await registerFilePreviewJobs(boss, ctx, logger);
  // The operation log's only deletion: rows older than the retention setting (安全设置), nightly.
  await boss.createQueue(OPTLOG_RETENTION);
  await boss.schedule(OPTLOG_RETENTION, '17 3 * * *');
  await boss.work(OPTLOG_RETENTION, async () => {
    const deleted = await purgeOptLog(ctx.db, ctx.settings.current.optLogRetentionDays);
    logger.info({ deleted }, '已清理过期操作日志');
  });
  // SMS still due: retries after a failure, and messages whose server stopped before sending them.
  const outbox = new SmsOutbox(ctx.db, createSmsSender(ctx.config.sms, logger));
  await boss.createQueue(SMS_OUTBOX);
  await boss.schedule(SMS_OUTBOX, '* * * * *');
  await boss.work(SMS_OUTBOX, async () => {
    const outcome = await outbox.deliver(logger);
    if (outcome.sent + outcome.retried + outcome.failed > 0) logger.info(outcome, '短信发送队列');
  });
  AUTOMATION.set(boss, await startAutomation(ctx, logger, connectionString));
  await registerApprovalTimeouts(boss, ctx, logger); // issue 20
  // Nightly backup with retention, and 立即备份 from 系统管理 (issue 28).
  await registerBackupJob(boss, ctx, logger, connectionString);
  await registerFormAllotJob(boss, ctx, logger); // issue 36: 表单分配 / 同步配置
  await registerRemindJobs(boss, ctx, logger); // issue 39: 提醒设置
  await registerAutoReportJobs(boss, ctx, logger); // issue 39: 自动报表
  await registerInspectionJobs(boss, ctx, logger); // issue 41: 巡检 漏检提醒
}

export async function stopJobs(boss: PgBoss): Promise<void> {
  await AUTOMATION.get(boss)?.stop();
  await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
}
