import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { PageQuery } from '../../plugins/paging.ts';
import { countWaiting, pageWaiting } from './repo.ts';

export function flowRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/flow/queryWatiDoneTaskCount', async (request) => ({ errCode: 0, count: await countWaiting(db, authOf(request).userId) }));

  app.get('/api/user/waitdone/queryWaitDoneTask', { schema: { querystring: PageQuery } }, async (request) => {
    const { rows, total } = await pageWaiting(db, authOf(request).userId, request.query as PageQuery);
    return {
      errCode: 0,
      totalCount: total,
      datas: rows.map((r) => ({
        id: Number(r.id),
        title: r.title,
        formId: r.form_id === null ? null : Number(r.form_id),
        formName: r.form_name,
        businessId: r.business_id === null ? null : Number(r.business_id),
        initiatorName: r.initiator_name,
        status: r.status,
        createTime: formatDateTime(r.create_time),
      })),
    };
  });
}
