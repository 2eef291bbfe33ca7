import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { oidcRoutes } from './oidc/routes.ts';
import { syncGrantRoutes } from './sync/grants.routes.ts';
import { syncPullRoutes } from './sync/pull.routes.ts';
import { syncDeliveryRoutes } from './sync/deliveries.routes.ts';

/**
 * 子系统 (DESIGN §13, issue 40, ADR 0040): the platform as the OpenID Connect provider of the park's
 * other systems, and their data sync. The 子系统 rows themselves are edited by admin/systems.
 */
export async function subsystemRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await oidcRoutes(app, ctx);
  syncGrantRoutes(app, ctx);
  syncPullRoutes(app, ctx);
  syncDeliveryRoutes(app, ctx);
}

export { OIDC_PATH } from './oidc/provider.ts';
export { registerSyncJobs, purgeSyncArtefacts } from './sync/jobs.ts';
export { dispatchWebhooks, deliverWebhook } from './sync/webhooks.ts';
export { signSync } from './sync/signature.ts';
