import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { lookupTreeRoutes } from './trees.routes.ts';
import { lookupUserRoutes } from './users.routes.ts';

export { keysetBatch, keysetRows, mapAsync, pageOf, PickerPaging, sendJsonList, type KeysetFetch } from './jsonStream.ts';
export { dicChildrenByCode } from './trees.repo.ts';

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
