import type { Logger } from 'pino';
import type { AppContext } from '../../../context.ts';
import type { ExpectedArrivals } from './arrivals.ts';
import { ParkSimulator } from './live.ts';

/**
 * Starts the demo park after the server listens (PARK_SIMULATOR, on by default): its first start
 * builds the park and a month of history in the background, so start-up is not held up by it.
 * `expected` names the hazardous vehicles the park expects (the demo's 危化品运输 waybills).
 */
export function startParkSimulator(ctx: AppContext, logger: Logger, expected: ExpectedArrivals | null = null): ParkSimulator {
  const services = ctx.park;
  const simulator = new ParkSimulator(ctx.db, services.ingest, services.layout, logger, expected);
  simulator
    .start()
    .then(({ created, ms }) => logger.info({ created, ms }, created ? 'demo park and a month of history generated' : 'park simulator running'))
    .catch((err: unknown) => logger.error({ err }, 'park simulator failed to start'));
  return simulator;
}
