import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { oidcRoutes } from './oidc/routes.ts';
import { syncGrantRoutes } from './sync/grants.routes.ts';

/**
 * 子系统 (DESIGN §13, issue 40, ADR 0040): the platform as the OpenID Connect provider of the park's
 * other systems, and their data sync. The 子系统 rows themselves are edited by admin/systems.
 */
export async function subsystemRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await oidcRoutes(app, ctx);
  syncGrantRoutes(app, ctx);
}

export { OIDC_PATH } from './oidc/provider.ts';
