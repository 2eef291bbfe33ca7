import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { TRANSPORT_GATE_PERMISSION } from './permissions.ts';
import { gateView } from './gateView.ts';
import { waybillEntryCheck } from './gateCheck.ts';

/**
 * /api/transport/*: what 危化品运输's special page needs beyond its forms' own list calls; and the
 * gate's waybill check, hung on the park's ingestion with the routes so every built app has it.
 */
export function transportRoutes(app: FastifyInstance, ctx: AppContext): void {
  ctx.park.ingest.addEntryCheck(waybillEntryCheck);
  app.get('/api/transport/gate', { config: { permission: TRANSPORT_GATE_PERMISSION, readOnly: true } }, async () => ({ errCode: 0, datas: await gateView(ctx.db) }));
}
