import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { PARK_TIME_ZONE } from '@park/core';
import type { AppContext } from '../../context.ts';
import { missedCheckpointTick } from './missed.ts';

const MISSED_CHECKPOINTS = 'inspection-missed-checkpoints';

/**
 * 漏检's schedule: a pg-boss cron every five minutes in the park's time zone (one job per slot
 * across instances); each pass claims what it sends, so overlapping passes send each message once.
 */
export async function registerInspectionJobs(boss: PgBoss, ctx: AppContext, logger: Logger): Promise<void> {
  await boss.createQueue(MISSED_CHECKPOINTS);
  await boss.schedule(MISSED_CHECKPOINTS, '*/5 * * * *', {}, { tz: PARK_TIME_ZONE });
  await boss.work(MISSED_CHECKPOINTS, async () => {
    const out = await missedCheckpointTick(ctx.db, new Date());
    if (out.sent > 0) logger.info(out, '漏检提醒已发送');
  });
}
