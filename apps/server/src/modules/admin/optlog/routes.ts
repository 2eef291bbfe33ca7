import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../../context.ts';
import { authOf } from '../../../plugins/auth.ts';
import { badRequest } from '../../../plugins/errors.ts';
import { TENANT_VIEW_PERMS, tenantScopeOf } from '../../../plugins/scope.ts';
import * as repo from './repo.ts';

const PERM = 'system:log';
const DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?$';

const ListOptLogQuery = Type.Object({
  pageNum: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
  username: Type.Optional(Type.String({ maxLength: 64 })),
  module: Type.Optional(Type.String({ maxLength: 32 })),
  result: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  /** yyyy-MM-dd[ HH:mm[:ss]], server local time, inclusive. */
  beginTime: Type.Optional(Type.String({ pattern: DATE_TIME })),
  endTime: Type.Optional(Type.String({ pattern: DATE_TIME })),
  tenantId: Type.Optional(Type.Integer({ minimum: 1 })),
});

function parseLocal(text: string | undefined, endOfDay: boolean): Date | undefined {
  if (!text) return undefined;
  const [date, clock] = text.split(' ');
  const d = new Date(`${date}T${clock ? (clock.length === 5 ? `${clock}:00` : clock) : endOfDay ? '23:59:59' : '00:00:00'}`);
  if (Number.isNaN(d.getTime())) throw badRequest('时间格式不正确');
  if (endOfDay && (!clock || clock.length <= 8)) d.setMilliseconds(999);
  return d;
}

/* The log is append-only: there is no call that edits or deletes it (deleteOptLog of the
   reference catalogue is deliberately absent); rows leave only by the retention job. */
export function adminOptLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/user/listOptLog', { schema: { querystring: ListOptLogQuery }, config: { permission: PERM } }, async (request) => {
    const q = request.query as Static<typeof ListOptLogQuery>;
    const begin = parseLocal(q.beginTime, false);
    const end = parseLocal(q.endTime, true);
    if (begin && end && begin > end) throw badRequest('开始时间不得大于结束时间');
    // A tenant reads its own log; the park all of it, or one tenant's.
    const scope = tenantScopeOf(authOf(request), q.tenantId, TENANT_VIEW_PERMS);
    const { rows, total, totalCountKind } = await repo.listOptLog(ctx.db, {
      tenantId: scope.tenantId,
      username: q.username?.trim() || undefined,
      module: q.module?.trim() || undefined,
      result: q.result,
      begin,
      end,
      limit: q.pageSize,
      offset: (q.pageNum - 1) * q.pageSize,
    });
    return { errCode: 0, datas: rows, totalCount: total, totalCountKind };
  });
}
