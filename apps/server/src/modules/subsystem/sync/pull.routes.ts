import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { isSyncEntity, SYNC_PAGE_DEFAULT, SYNC_PAGE_MAX, SYNC_TEXT } from '@park/core';
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../plugins/errors.ts';
import { pullChanges } from './pull.ts';
import { verifySignedCall } from './signature.ts';

export const SYNC_PULL_PREFIX = '/apc/sync/';

const PullParams = Type.Object({ entity: Type.String({ maxLength: 40 }) });
const PullQuery = Type.Object({
  cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SYNC_PAGE_MAX })),
  tenantId: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$' })),
});

/*
 * The signed pull (ADR 0047): no session, the sub-system's account and HMAC signature instead.
 * Under /apc, beside the login, so the session hook of /api does not apply.
 */
export function syncPullRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(`${SYNC_PULL_PREFIX}:entity`, { schema: { params: PullParams, querystring: PullQuery } }, async (request) => {
    const sysId = await verifySignedCall(ctx.db, ctx.reports.secrets, { method: request.method, pathWithQuery: request.url, headers: request.headers, body: '' });
    const { entity } = request.params as Static<typeof PullParams>;
    if (!isSyncEntity(entity)) throw notFound(SYNC_TEXT.unknownEntity);
    const q = request.query as Static<typeof PullQuery>;
    return pullChanges(ctx.db, sysId, entity, { cursor: q.cursor ?? '0', limit: q.limit ?? SYNC_PAGE_DEFAULT, ...(q.tenantId ? { tenantId: q.tenantId } : {}) });
  });
}
