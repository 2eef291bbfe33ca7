import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { DELIVERY_STATUS_TEXT } from '@park/core';
import type { AppContext } from '../../../context.ts';
import { listDeliveries } from './webhooks.repo.ts';

const Query = Type.Object({
  sysId: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[0-9]{1,15}$' })]),
  pageNum: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
});

/** 推送记录 of one sub-system (数据同步 screen), newest first. */
export function syncDeliveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/user/listSysPush', { schema: { querystring: Query }, config: { permission: 'system:sys' } }, async (request) => {
    const q = request.query as Static<typeof Query>;
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const { rows, total } = await listDeliveries(ctx.db, String(q.sysId), (pageNum - 1) * pageSize, pageSize);
    return {
      errCode: 0,
      totalCount: total,
      datas: rows.map((r) => ({
        id: Number(r.id),
        fromSeq: Number(r.from_seq),
        toSeq: Number(r.to_seq),
        entities: r.entities,
        changeCount: r.change_count,
        status: r.status,
        statusName: DELIVERY_STATUS_TEXT[r.status] ?? '',
        attempts: r.attempts,
        httpStatus: r.http_status,
        lastError: r.last_error,
        createTime: r.create_time,
        deliveredTime: r.delivered_time,
      })),
    };
  });
}
