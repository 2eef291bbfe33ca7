import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { authOf } from '../../plugins/auth.ts';
import { PageQuery } from '../../plugins/paging.ts';
import {
  countMessages,
  listMessages,
  markRead,
  parseBigType,
  parseMessageIds,
  parseStatuses,
  UNREAD,
} from './messages.ts';

const Loose = Type.Optional(Type.Union([Type.String(), Type.Array(Type.String()), Type.Number()]));
const MsgQuery = Type.Intersect([
  PageQuery,
  Type.Object({ statusList: Loose, readStatus: Loose, bigType: Loose }),
]);
const CountQuery = Type.Object({ bigType: Loose });

export function msgRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/msg/unreadmsgcountself', { schema: { querystring: CountQuery } }, async (request) => {
    const q = request.query as Static<typeof CountQuery>;
    const totalCount = await countMessages(db, authOf(request).userId, { statuses: [UNREAD], bigType: parseBigType(q.bigType) });
    return { errCode: 0, totalCount };
  });

  app.get('/api/msg/queryself', { schema: { querystring: MsgQuery } }, async (request) => {
    const q = request.query as Static<typeof MsgQuery>;
    const filter = { statuses: parseStatuses(q.statusList, q.readStatus), bigType: parseBigType(q.bigType) };
    return { errCode: 0, ...(await listMessages(db, authOf(request).userId, filter, q.pageNum, q.pageSize)) };
  });

  /*
   * The original client POSTs `idList=1&idList=2` form-encoded; JSON `{idList: [...]}` and the
   * older GET `?ids=1,2` are accepted too (the GET is flagged as changing data).
   */
  const markHandler = async (request: FastifyRequest) => {
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    const query = request.query as Record<string, unknown>;
    const ids = parseMessageIds(body.idList ?? body.ids ?? query.idList ?? query.ids);
    await db.transaction().execute(async (trx) => {
      const updated = await markRead(trx, authOf(request).userId, ids);
      await writeAudit(trx, request, { action: '消息标为已读', targetType: 'msg_message', targetId: updated.join(',') });
    });
    return { errCode: 0 };
  };
  app.post('/api/msg/updateMsgReaded', markHandler);
  app.get('/api/msg/updateMsgReaded', { config: { mutates: true } }, markHandler);
}
