import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/schema.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';

/* Form-encoded or JSON: ids as "1,2,3" or an array, or a single id. */
export const DisposalBody = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  ids: Type.Optional(Type.Union([Type.String({ maxLength: 20000 }), Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000 })])),
  disposal: Type.String({ maxLength: 500 }),
});
export type DisposalBody = Static<typeof DisposalBody>;

function idsOf(body: DisposalBody): string[] {
  const list = body.ids === undefined ? [] : Array.isArray(body.ids) ? body.ids.map(String) : body.ids.split(',').map((s) => s.trim()).filter(Boolean);
  if (body.id !== undefined) list.push(String(body.id));
  if (list.length === 0) throw badRequest('请选择要处置的报警');
  if (list.length > 1000) throw badRequest('一次最多处置 1000 条报警');
  if (!list.every((s) => /^[1-9]\d{0,15}$/.test(s))) throw badRequest('报警编号不正确');
  return [...new Set(list)];
}

/**
 * Disposal of alarms: each gets the disposal text, who and when, and a row in
 * park_alarm_disposal; all or none (an already handled alarm refuses the whole call).
 */
export async function disposeAlarms(db: Kysely<Database>, request: FastifyRequest, body: DisposalBody) {
  const text = body.disposal.trim();
  if (!text) throw badRequest('请填写处置情况');
  const ids = idsOf(body);
  const auth = request.auth!;
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('park_alarm').select(['id', 'handled']).where('id', 'in', ids).forUpdate().execute();
    if (rows.length !== ids.length) throw notFound('报警不存在或已被删除');
    if (rows.some((r) => r.handled === 1)) throw conflict('所选报警中有已处置的报警，请刷新后重试');
    const name = auth.user.realName || auth.user.username;
    await trx
      .updateTable('park_alarm')
      .set({ handled: 1, handled_by: auth.userId, handled_name: name, handled_time: new Date(), disposal: text })
      .where('id', 'in', ids)
      .execute();
    await trx
      .insertInto('park_alarm_disposal')
      .values(ids.map((id) => ({ alarm_id: id, user_id: auth.userId, username: auth.user.username, disposal: text })))
      .execute();
    await writeAudit(trx, request, { module: '园区报警', action: '处置报警', targetType: 'park_alarm', targetId: ids.join(','), detail: { disposal: text } });
    return ids.length;
  });
}
