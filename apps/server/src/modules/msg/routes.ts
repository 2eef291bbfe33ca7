import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { formatDateTime } from '@park/core';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { authOf } from '../../plugins/auth.ts';
import { badRequest } from '../../plugins/errors.ts';
import { offsetOf, PageQuery, countOf } from '../../plugins/paging.ts';

const UNREAD = '0';
const READ = '1';

const MsgQuery = Type.Intersect([
  PageQuery,
  Type.Object({ readStatus: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('')])) }),
]);
const ReadQuery = Type.Object({ ids: Type.String({ minLength: 1, maxLength: 20000 }) });

function parseIds(text: string): string[] {
  const ids = text.split(',').map((s) => s.trim()).filter(Boolean);
  if (ids.length === 0 || ids.length > 1000 || ids.some((id) => !/^[1-9]\d{0,17}$/.test(id))) {
    throw badRequest('ids 参数不合法');
  }
  return ids;
}

export function msgRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/msg/unreadmsgcountself', async (request) => {
    const { userId } = authOf(request);
    const row = await db
      .selectFrom('msg_message')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('receiver_id', '=', userId)
      .where('read_status', '=', UNREAD)
      .executeTakeFirstOrThrow();
    return { errCode: 0, totalCount: Number(row.n) };
  });

  app.get('/api/msg/queryself', { schema: { querystring: MsgQuery } }, async (request) => {
    const { userId } = authOf(request);
    const q = request.query as Static<typeof MsgQuery>;
    let base = db.selectFrom('msg_message').where('receiver_id', '=', userId);
    if (q.readStatus) base = base.where('read_status', '=', q.readStatus);
    const [rows, total] = await Promise.all([
      base
        .select(['id', 'title', 'content', 'msg_type', 'read_status', 'create_time'])
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
        content: r.content,
        msgType: r.msg_type,
        readStatus: r.read_status,
        createTime: formatDateTime(r.create_time),
      })),
    };
  });

  app.get(
    '/api/msg/updateMsgReaded',
    { schema: { querystring: ReadQuery }, config: { mutates: true } },
    async (request) => {
      const { userId } = authOf(request);
      const ids = parseIds((request.query as Static<typeof ReadQuery>).ids);
      await db.transaction().execute(async (trx) => {
        // Only the caller's own messages: another user's ids are silently out of reach.
        const updated = await trx
          .updateTable('msg_message')
          .set({ read_status: READ, read_time: new Date() })
          .where('receiver_id', '=', userId)
          .where('id', 'in', ids)
          .where('read_status', '=', UNREAD)
          .returning('id')
          .execute();
        await writeAudit(trx, request, {
          action: '消息标为已读',
          targetType: 'msg_message',
          targetId: updated.map((u) => u.id).join(','),
        });
      });
      return { errCode: 0 };
    },
  );
}
