import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { AppContext } from '../../context.ts';
import { MSG_BIG_TYPE, MSG_SMALL_TYPE } from '../msg/index.ts';
import { NOTICE_DELIVER_QUEUE } from './service.ts';

/**
 * Delivery of a published notice (now, or at its 定时发布 time through pg-boss's startAfter): the
 * request only marks it and enqueues; this worker writes the receivers, messages and SMS.
 */
export async function registerNoticeJobs(boss: PgBoss, ctx: AppContext, logger: Logger): Promise<void> {
  await boss.createQueue(NOTICE_DELIVER_QUEUE);
  await boss.work<{ noticeId: string }>(NOTICE_DELIVER_QUEUE, async ([job]) => {
    if (!job) return;
    await ctx.notices.deliver(job.data.noticeId, MSG_BIG_TYPE.system, MSG_SMALL_TYPE.notice);
    logger.info({ noticeId: job.data.noticeId }, '公告已投递');
  });
}
