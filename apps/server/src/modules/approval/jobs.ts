import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { AppContext } from '../../context.ts';
import { sweepOverdue } from './actions.ts';

const APPROVAL_TIMEOUTS = 'approval-timeouts';

/** Every minute: approval tasks past their time limit are reminded, escalated or passed (issue 20). */
export async function registerApprovalTimeouts(boss: PgBoss, ctx: AppContext, logger: Logger): Promise<void> {
  await boss.createQueue(APPROVAL_TIMEOUTS);
  await boss.schedule(APPROVAL_TIMEOUTS, '* * * * *');
  await boss.work(APPROVAL_TIMEOUTS, async () => {
    const handled = await sweepOverdue({ db: ctx.db, forms: ctx.forms, records: ctx.records });
    if (handled > 0) logger.info({ handled }, '审批超时处理');
  });
}
