import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '@park/core';
import type { AppContext } from '../../context.ts';
import { ownTaskHandlers } from '../../plugins/ownTasks.ts';
import { countExecuting, pageExecuting } from './repo.ts';

/** The form tasks the signed-in user is executing: the badge count and the paged list. */
export function formTaskRoutes(app: FastifyInstance, ctx: AppContext): void {
  const executing = ownTaskHandlers(ctx.db, {
    count: countExecuting,
    page: pageExecuting,
    extra: (r) => ({ deadline: r.deadline ? formatDateTime(r.deadline) : null }),
  });
  app.get('/api/formtask/countExecuting', executing.count);
  app.get('/api/formtask/queryExecuting', { schema: executing.page.schema }, executing.page.handler);
}
