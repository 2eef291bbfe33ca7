import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { companyAdminRoutes } from './admin.routes.ts';
import { companyRegisterRoutes } from './register.routes.ts';
import { companyListRoutes } from './routes.ts';

export { createSmsSender, type SmsSender } from './sms.ts';
export { queueSms, SmsOutbox } from './smsOutbox.ts';

/**
 * The company module's face (issue 6): enterprise registration (public), 企业管理, and the
 * companies the pickers list.
 */
export function companyRoutes(app: FastifyInstance, ctx: AppContext): void {
  companyRegisterRoutes(app, ctx);
  companyAdminRoutes(app, ctx);
  companyListRoutes(app, ctx);
}
