import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { holidayRoutes } from './holidays.routes.ts';
import { approvalFlowRoutes } from './routes.ts';

export { registerApprovalTimeouts } from './jobs.ts';
export { mayViewThroughApproval } from './details.ts';

/**
 * The approval module's face (issue 20): its routes — the holiday calendar its time limits count
 * in, then the flows' design, start, lists and actions. Approvals write records only through the
 * form module's records API (ctx.records).
 */
export function approvalRoutes(app: FastifyInstance, ctx: AppContext): void {
  holidayRoutes(app, ctx);
  approvalFlowRoutes(app, ctx);
}
