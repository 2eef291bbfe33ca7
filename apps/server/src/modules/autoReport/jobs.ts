import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { PARK_TIME_ZONE } from '@park/core';
import type { AppContext } from '../../context.ts';
import { autoReportTick } from './runner.ts';

const AUTO_REPORT = 'auto-report';

/**
 * 自动报表's schedule, as 提醒设置's (ADR 0051): a pg-boss cron every minute in the park's time
 * zone; each tick claims the due schedules' periods, so a period is sent once across instances.
 */
export async function registerAutoReportJobs(boss: PgBoss, ctx: AppContext, logger: Logger): Promise<void> {
  await boss.createQueue(AUTO_REPORT);
  await boss.schedule(AUTO_REPORT, '* * * * *', {}, { tz: PARK_TIME_ZONE });
  await boss.work(AUTO_REPORT, async () => {
    const out = await autoReportTick(ctx, new Date());
    if (out.claimed > 0) logger.info(out, '自动报表已发送');
  });
}
