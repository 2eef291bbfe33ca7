import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { offsetOf, PageQuery, countOf } from '../../plugins/paging.ts';

const WAITING = 0;

export function flowRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/flow/queryWatiDoneTaskCount', async (request) => {
    const { userId } = authOf(request);
    const row = await db
      .selectFrom('flow_task')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('assignee_id', '=', userId)
      .where('status', '=', WAITING)
      .executeTakeFirstOrThrow();
    return { errCode: 0, count: Number(row.n) };
  });

  app.get('/api/user/waitdone/queryWaitDoneTask', { schema: { querystring: PageQuery } }, async (request) => {
    const { userId } = authOf(request);
    const q = request.query as PageQuery;
    const base = db.selectFrom('flow_task').where('flow_task.assignee_id', '=', userId).where('flow_task.status', '=', WAITING);
    const [rows, total] = await Promise.all([
      base
        .leftJoin('sys_user as initiator', 'initiator.id', 'flow_task.initiator_id')
        .select([
          'flow_task.id',
          'flow_task.title',
          'flow_task.form_id',
          'flow_task.form_name',
          'flow_task.business_id',
          'flow_task.status',
          'flow_task.create_time',
          'initiator.real_name as initiator_name',
        ])
        .orderBy('flow_task.create_time', 'desc')
        .orderBy('flow_task.id', 'desc')
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
        businessId: r.business_id === null ? null : Number(r.business_id),
        initiatorName: r.initiator_name,
        status: r.status,
        createTime: formatDateTime(r.create_time),
      })),
    };
  });
}
