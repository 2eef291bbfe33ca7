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

export { adminCall, Id, IdBody, num, OptText, str, Text, time } from './common.ts';
export { purgeOptLog } from './optlog/repo.ts';
export { resetPasswordOnServer, UnknownUserError } from './password/serverReset.ts';
export { SettingsStore } from './settings/store.ts';
export { UserService } from './users/service.ts';

/**
 * The administration module's face (issue 45, ADR 0033): other modules, app.ts, bootstrap.ts, the
 * jobs and the command-line tools import it only through this file. Above: the console's request
 * schemas and helpers, the log purge, the server-side password reset, the settings store
 * (ctx.settings) and the user service (ctx.users).
 *
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
