import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { PARK_TIME_ZONE } from '@park/core';
import type { AppContext } from '../../context.ts';
import { createSmsSender } from '../company/index.ts';
import { remindTick } from './runner.ts';

const FORM_REMIND = 'form-remind';

/**
 * 提醒设置's schedule: a pg-boss cron every minute in the park's time zone (one job per minute
 * across instances); each tick sends the reminders due and claims their periods, so a period runs
 * once even if two workers tick together.
 */
export async function registerRemindJobs(boss: PgBoss, ctx: AppContext, logger: Logger): Promise<void> {
  const smsProvider = createSmsSender(ctx.config.sms, logger).name;
  await boss.createQueue(FORM_REMIND);
  await boss.schedule(FORM_REMIND, '* * * * *', {}, { tz: PARK_TIME_ZONE });
  await boss.work(FORM_REMIND, async () => {
    const out = await remindTick({ db: ctx.db, smsProvider }, new Date());
    if (out.claimed > 0) logger.info(out, '表单提醒已发送');
  });
}
