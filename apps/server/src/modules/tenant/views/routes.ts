import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../../context.ts';
import { authOf } from '../../../plugins/auth.ts';
import { allows } from '../../../plugins/authContext.ts';
import { forbidden } from '../../../plugins/errors.ts';
import { TENANT_VIEW_PERMS } from '../../../plugins/scope.ts';
import { tenantOptions } from './repo.ts';

const Paging = Type.Object({
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 10000, default: 100 }),
});

/**
 * The park's 租户管理 views (issue 36, t2) read a picked tenant's organisations, users, roles,
 * menus and dictionaries through the 系统管理 calls with `tenantId` (ADR 0042). Their selector
 * lists tenants with listTenant; t1's tenant administration serves the full call (query bar,
 * every column). Registered after it, this answers only where that call is absent, so the views
 * work on their own branch and step aside once t1's is merged.
 */
export function tenantViewRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (app.hasRoute({ method: 'GET', url: '/api/user/listTenant' })) return;
  app.get('/api/user/listTenant', { schema: { querystring: Paging } }, async (request) => {
    const auth = authOf(request);
    if (auth.user.userType !== 0 || !TENANT_VIEW_PERMS.some((c) => allows(auth.permissions, c))) throw forbidden();
    const q = request.query as Static<typeof Paging>;
    const { rows, total } = await tenantOptions(ctx.db, q.pageSize, (q.pageNum - 1) * q.pageSize);
    return { errCode: 0, datas: rows, totalCount: total };
  });
}
