import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { adminDicRoutes } from './dicts/routes.ts';
import { adminMenuRoutes } from './menus/routes.ts';
import { adminOptLogRoutes } from './optlog/routes.ts';
import { adminOrgRoutes } from './orgs/routes.ts';
import { passwordRoutes } from './password/routes.ts';
import { adminRoleRoutes } from './roles/routes.ts';
import { adminSettingsRoutes } from './settings/routes.ts';
import { adminSysRoutes } from './systems/routes.ts';
import { adminUserRoutes } from './users/routes.ts';

/**
 * The administration console (issue 5), under /api/user/ as the reference catalogue names it.
 * Every call that changes data declares its permission code (system:user, system:org…) and is
 * logged; see docs/api.md for the shapes.
 */
export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminUserRoutes(app, ctx);
  adminOrgRoutes(app, ctx);
  adminRoleRoutes(app, ctx);
  adminMenuRoutes(app, ctx);
  adminDicRoutes(app, ctx);
  adminSysRoutes(app, ctx);
  adminOptLogRoutes(app, ctx);
  adminSettingsRoutes(app, ctx);
  passwordRoutes(app, ctx);
}
