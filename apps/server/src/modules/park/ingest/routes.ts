import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { IngestKind } from '@park/core';
import { deviceGuard, type DeviceTokens } from '../devices/deviceAuth.ts';
import type { IngestService } from './service.ts';

const Batch = Type.Object({ events: Type.Array(Type.Unknown()) });

const KINDS: readonly IngestKind[] = ['gatePasses', 'personPasses', 'positions', 'alarms', 'deviceStates'];

/**
 * POST /api/ingest/{kind}: devices report with their own token (Authorization: Bearer … or
 * X-Device-Token), never a user session; plugins/auth.ts leaves this prefix to the guard here.
 */
export function ingestRoutes(app: FastifyInstance, tokens: DeviceTokens, ingest: IngestService): void {
  app.decorateRequest('device', null);
  for (const kind of KINDS) {
    app.post(`/api/ingest/${kind}`, { schema: { body: Batch }, preHandler: deviceGuard(tokens, kind) }, async (request) => {
      const body = request.body as Static<typeof Batch>;
      return { errCode: 0, ...(await ingest.ingest(kind, request.device!, body.events)) };
    });
  }
}
