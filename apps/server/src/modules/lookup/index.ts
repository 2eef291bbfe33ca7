import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { lookupTreeRoutes } from './trees.routes.ts';
import { lookupUserRoutes } from './users.routes.ts';

/**
 * Lookup data behind the pickers (issue 4): users, organisations (spec 000 §7 system pickers) and
 * the public region and industry trees. Roles and dictionaries are served by the administration
 * module (modules/admin: listRole, listDicType, listDicCatalog, listDicCatalogByParentId), and
 * listOrgTree by modules/user.
 */
export function lookupRoutes(app: FastifyInstance, ctx: AppContext): void {
  lookupUserRoutes(app, ctx);
  lookupTreeRoutes(app, ctx);
}
