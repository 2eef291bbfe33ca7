import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { PageQuery } from '../../plugins/paging.ts';
import { countExecuting, pageExecuting } from './repo.ts';

export function formTaskRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/formtask/countExecuting', async (request) => ({ errCode: 0, count: await countExecuting(db, authOf(request).userId) }));

  app.get('/api/formtask/queryExecuting', { schema: { querystring: PageQuery } }, async (request) => {
    const { rows, total } = await pageExecuting(db, authOf(request).userId, request.query as PageQuery);
    return {
      errCode: 0,
      totalCount: total,
      datas: rows.map((r) => ({
        id: Number(r.id),
        title: r.title,
        formId: r.form_id === null ? null : Number(r.form_id),
        formName: r.form_name,
        status: r.status,
        deadline: r.deadline ? formatDateTime(r.deadline) : null,
        createTime: formatDateTime(r.create_time),
      })),
    };
  });
}
