import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { DeviceTokens } from './devices/deviceAuth.ts';
import { deviceRoutes } from './devices/routes.ts';
import { DeviceService } from './devices/service.ts';
import { ingestRoutes } from './ingest/routes.ts';
import { IngestService } from './ingest/service.ts';
import { LayoutCache } from './layout.ts';
import { alarmDisposalRoutes } from './alarmDisposal.routes.ts';
import { statsRoutes } from './stats/routes.ts';
import type { DeviceAdapters } from './commands/adapters.ts';
import { gatewayAdapters } from './commands/gateway.ts';
import { commandRoutes } from './commands/routes.ts';
import { CommandService } from './commands/service.ts';
import { simulatedAdapters } from './commands/simulator.ts';
import { consoleRoutes } from './console/routes.ts';

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
  commands: CommandService;
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
    commands: new CommandService(ctx.db, adaptersFor(ctx)),
  };
  servicesByApp.set(app, services);
  deviceRoutes(app, services.devices);
  ingestRoutes(app, tokens, services.ingest);
  statsRoutes(app, ctx.db);
  alarmDisposalRoutes(app, ctx.db);
  commandRoutes(app, services.commands);
  consoleRoutes(app, ctx.db); // the park console's own calls (issue 24)
}

/** Device commands go to the built-in simulator unless a gateway is configured (PARK_DEVICE_ADAPTER). */
function adaptersFor(ctx: AppContext): DeviceAdapters {
  const park = ctx.config.park;
  return park.deviceAdapter === 'gateway' ? gatewayAdapters(park.gatewayUrl, park.gatewayToken) : simulatedAdapters();
}
