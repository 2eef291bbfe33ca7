import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ownTaskHandlers } from '../../plugins/ownTasks.ts';
import { countWaiting, pageWaiting } from './repo.ts';

/** The approval to-dos waiting for the signed-in user: the badge count and the paged list. */
export function flowRoutes(app: FastifyInstance, ctx: AppContext): void {
  const waiting = ownTaskHandlers(ctx.db, {
    count: countWaiting,
    page: pageWaiting,
    extra: (r) => ({ businessId: r.business_id === null ? null : Number(r.business_id), initiatorName: r.initiator_name }),
  });
  app.get('/api/flow/queryWatiDoneTaskCount', waiting.count);
  app.get('/api/user/waitdone/queryWaitDoneTask', { schema: waiting.page.schema }, waiting.page.handler);
}
