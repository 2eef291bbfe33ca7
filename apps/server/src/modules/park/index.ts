import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { DeviceTokens } from './devices/deviceAuth.ts';
import { deviceRoutes } from './devices/routes.ts';
import { DeviceService } from './devices/service.ts';
import { ingestRoutes } from './ingest/routes.ts';
import { IngestService } from './ingest/service.ts';
import { LayoutCache } from './layout.ts';
import { alarmDisposalRoutes } from './alarmDisposal.ts';
import { statsRoutes } from './stats/routes.ts';

/**
 * Park operations (issue 23): device management and tokens, ingestion, statistics, alarm
 * disposal and device commands. One set of services per app, shared by the routes and the
 * demo simulator (simulator/), so what the simulator does goes through the same paths.
 */
export interface ParkServices {
  layout: LayoutCache;
  tokens: DeviceTokens;
  devices: DeviceService;
  ingest: IngestService;
}

const servicesByApp = new WeakMap<FastifyInstance, ParkServices>();

export function parkServicesOf(app: FastifyInstance): ParkServices | undefined {
  return servicesByApp.get(app);
}

export function parkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const layout = new LayoutCache(ctx.db);
  const tokens = new DeviceTokens(ctx.db);
  const services: ParkServices = {
    layout,
    tokens,
    devices: new DeviceService(ctx.db, tokens),
    ingest: new IngestService(ctx.db, layout),
  };
  servicesByApp.set(app, services);
  deviceRoutes(app, services.devices);
  ingestRoutes(app, tokens, services.ingest);
  statsRoutes(app, ctx.db);
  alarmDisposalRoutes(app, ctx.db);
}
