import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { TRANSPORT_GATE_PERMISSION } from './permissions.ts';
import { gateView } from './gateView.ts';

/** /api/transport/*: what 危化品运输's special page needs beyond its forms' own list calls. */
export function transportRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/transport/gate', { config: { permission: TRANSPORT_GATE_PERMISSION, readOnly: true } }, async () => ({ errCode: 0, datas: await gateView(ctx.db) }));
}
