import type { FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { QR_ACCESS_TEXT } from '@park/core';
import type { AppContext } from '../../context.ts';
import { tooManyRequests } from '../../plugins/errors.ts';
import { pgRateLimitStore } from '../../plugins/pgRateLimitStore.ts';
import { flatBody } from '../form/index.ts';
import { addAnonymously, anonymousForm, issueChallenge, uploadAnonymously } from './anonymous.ts';
import { receiveAnonymousUpload } from './anonymousUpload.ts';

const TokenParam = Type.Object({ token: Type.String({ maxLength: 120 }) });
const UploadQuery = Type.Object({
  challengeId: Type.String({ maxLength: 40 }),
  /** The field's own limit in MB, as /api/file/upload takes it; never above the anonymous cap. */
  maxFileSize: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
  accept: Type.Optional(Type.String({ maxLength: 20 })),
});
const ParamsQuery = Type.Record(Type.String({ pattern: '^[A-Za-z0-9_]{1,40}$' }), Type.String({ maxLength: 200 }), { maxProperties: 10 });

/*
 * 免登录填报's three calls, under /apc (no session): the entry's form, a challenge, the add. Each
 * client address is limited, counted in PostgreSQL so the limit holds across instances; only an
 * anonymous 新增 entry answers (anything else 404).
 */
export function qrAnonymousRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app.register(async (scope) => {
    await scope.register(fastifyRateLimit, { global: false, store: pgRateLimitStore(ctx.db), errorResponseBuilder: () => tooManyRequests(QR_ACCESS_TEXT.tooMany) });
    const perMinute = Math.max(1, ctx.config.qrAnonymousPerMinute);

    scope.get('/apc/qr/form/:token', { schema: { params: TokenParam, querystring: ParamsQuery }, config: { rateLimit: { max: perMinute * 12, timeWindow: '1 minute' } } }, async (request) => {
      const { token } = request.params as Static<typeof TokenParam>;
      return { errCode: 0, data: await anonymousForm(ctx, token, request.query as Record<string, string>) };
    });

    scope.post('/apc/qr/challenge/:token', { schema: { params: TokenParam }, config: { rateLimit: { max: perMinute * 4, timeWindow: '1 minute' } } }, async (request) => {
      const { token } = request.params as Static<typeof TokenParam>;
      return { errCode: 0, data: await issueChallenge(ctx, token) };
    });

    // A photo or file of the anonymous page: counted per address like the adds (a few per submission).
    scope.post(
      '/apc/qr/upload/:token',
      { schema: { params: TokenParam, querystring: UploadQuery }, config: { rateLimit: { max: perMinute * 4, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const { token } = request.params as Static<typeof TokenParam>;
        const q = request.query as Static<typeof UploadQuery>;
        const rows = await uploadAnonymously(ctx, token, q.challengeId, request.ip, (auth) => receiveAnonymousUpload(ctx, request, reply, auth, q));
        return { errCode: 0, datas: rows.map((r) => ({ fileId: Number(r.id), originalName: r.original_name, suffix: r.suffix })) };
      },
    );

    scope.post(
      '/apc/qr/add/:token',
      { schema: { params: TokenParam, querystring: ParamsQuery }, config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } }, bodyLimit: 256 * 1024 },
      async (request) => {
        const { token } = request.params as Static<typeof TokenParam>;
        const row = await addAnonymously(ctx, token, request.query as Record<string, string>, flatBody(request.body), request.ip);
        return { errCode: 0, businessId: Number(row.id) };
      },
    );
  });
}
