import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { waybillEntryCheck } from './gateCheck.ts';
import { transportRoutes } from './routes.ts';

/**
 * 危化品运输 (issue 41, ADR 0059): an application built with the platform — its forms, flow and
 * settings are the package in forms/ and flows/. The code here is what the platform could not
 * express: the gate's waybill check and the gate view beside the park's vehicles.
 */
export { buildTransportPackage, TRANSPORT_APP, TRANSPORT_FORMS } from './package.ts';
export { installTransportApp } from './seed.ts';

export function transportApp(app: FastifyInstance, ctx: AppContext): void {
  ctx.park.ingest.addEntryCheck(waybillEntryCheck);
  transportRoutes(app, ctx);
}
