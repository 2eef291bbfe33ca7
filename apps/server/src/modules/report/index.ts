/**
 * The report module's face (issue 45, ADR 0033): the report routes, the resources and services
 * bootstrap.ts puts on AppContext (ctx.reports, ctx.reportServices) and the export jobs
 * jobs/boss.ts registers.
 */
export { reportRoutes } from './routes.ts';
export { openReportResources } from './resources.ts';
export { reportServices } from './service.ts';
export { registerReportExports } from './export/exportWorker.ts';
