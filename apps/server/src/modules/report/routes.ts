import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { datareportRoutes } from './datareport.routes.ts';
import { datasetRoutes } from './dataset.routes.ts';
import { reportDatasourceRoutes } from './reportDatasources.routes.ts';
import { definitionRoutes } from './definitions/definitions.routes.ts';

/** Everything under /api/report (issue 21): datasources, datasets, reports, their data and permissions. */
export function reportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const services = ctx.reportServices;
  // Other traffic, for the solo rule (ADR 0023): every request that is not a report's.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/report/')) services.engine.noteOtherRequest();
    done();
  });
  reportDatasourceRoutes(app, ctx, services);
  datasetRoutes(app, ctx, services);
  datareportRoutes(app, ctx, services);
  // 报表管理 (issue 22): groups and the reports' lifecycle
  definitionRoutes(app, ctx, services);
}
