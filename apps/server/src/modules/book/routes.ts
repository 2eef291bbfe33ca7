import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BOOK_PERMS, parseBookQuery, type BookQuery } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { badRequest } from '../../plugins/errors.ts';
import { companyScopeOf } from '../../plugins/scope.ts';
import { listContacts, listOrgs, type BookViewer } from './repo.ts';

/** The park's users read the whole book; a tenant's user is held to its tenant from its session. */
function viewerOf(request: FastifyRequest): BookViewer {
  const tenantId = companyScopeOf(authOf(request));
  return tenantId === null ? { park: true } : { park: false, tenantId };
}

function queryOf(request: FastifyRequest): BookQuery {
  const parsed = parseBookQuery((request.query as Record<string, unknown>) ?? {});
  if (!parsed.ok) throw badRequest(parsed.message);
  return parsed.query;
}

/**
 * 通讯录 (issue 38, screens-round3 §4.5): the original's two GET calls, each behind its menu's
 * permission, in its shapes (`datas`, `totalCount`).
 */
export function bookRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/user/queryTenantUserInfo', { config: { permission: BOOK_PERMS.contacts } }, async (request) => {
    const { rows, total } = await listContacts(ctx.db, viewerOf(request), queryOf(request));
    return { errCode: 0, datas: rows, totalCount: total };
  });

  app.get('/api/user/queryOrgsByCondition', { config: { permission: BOOK_PERMS.orgs } }, async (request) => {
    const { rows, total } = await listOrgs(ctx.db, viewerOf(request), queryOf(request));
    return { errCode: 0, datas: rows, totalCount: total };
  });
}
