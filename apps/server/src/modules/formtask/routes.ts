import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { offsetOf, PageQuery, countOf } from '../../plugins/paging.ts';

const EXECUTING = 0;

export function formTaskRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const executingFor = (userId: string) =>
    db.selectFrom('form_task').where('assignee_id', '=', userId).where('status', '=', EXECUTING);

  app.get('/api/formtask/countExecuting', async (request) => {
    const row = await executingFor(authOf(request).userId)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return { errCode: 0, count: Number(row.n) };
  });

  app.get('/api/formtask/queryExecuting', { schema: { querystring: PageQuery } }, async (request) => {
    const q = request.query as PageQuery;
    const base = executingFor(authOf(request).userId);
    const [rows, total] = await Promise.all([
      base
        .select(['id', 'title', 'form_id', 'form_name', 'status', 'deadline', 'create_time'])
        .orderBy('create_time', 'desc')
        .orderBy('id', 'desc')
        .limit(q.pageSize)
        .offset(offsetOf(q))
        .execute(),
      countOf(base),
    ]);
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
