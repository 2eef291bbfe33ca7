import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
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

export { startParkSimulator } from './simulator/index.ts';
export type { GateEntry, GateEntryCheck } from './ingest/service.ts';
export { vehiclesInPark, type VehicleInPark } from './console/vehiclesInPark.ts';
export type { ParkSimulator } from './simulator/live.ts';
export type { ExpectedArrivals } from './simulator/arrivals.ts';

/**
 * Park operations (issue 23): device management and tokens, ingestion, statistics, alarm
 * disposal and device commands. One set of services per process, on the context (ctx.park),
 * shared by the routes and the demo simulator (simulator/), so what the simulator does goes
 * through the same paths.
 */
export interface ParkServices {
  layout: LayoutCache;
  tokens: DeviceTokens;
  devices: DeviceService;
  ingest: IngestService;
  commands: CommandService;
}

/** The park's services, made once by bootstrap.ts. */
export function createParkServices(db: Kysely<Database>, config: Config): ParkServices {
  const layout = new LayoutCache(db);
  const tokens = new DeviceTokens(db);
  return {
    layout,
    tokens,
    devices: new DeviceService(db, tokens),
    ingest: new IngestService(db, layout),
    commands: new CommandService(db, adaptersFor(config)),
  };
}

export function parkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const services = ctx.park;
  deviceRoutes(app, services.devices);
  ingestRoutes(app, services.tokens, services.ingest);
  statsRoutes(app, ctx.db);
  alarmDisposalRoutes(app, ctx.db);
  commandRoutes(app, services.commands);
  consoleRoutes(app, ctx.db); // the park console's own calls (issue 24)
}

/** Device commands go to the built-in simulator unless a gateway is configured (PARK_DEVICE_ADAPTER). */
function adaptersFor(config: Config): DeviceAdapters {
  const park = config.park;
  return park.deviceAdapter === 'gateway' ? gatewayAdapters(park.gatewayUrl, park.gatewayToken) : simulatedAdapters();
}

/** The park's services are part of every module's context (see context.ts). */
declare module '../../context.ts' {
  interface AppContext {
    park: ParkServices;
  }
}
