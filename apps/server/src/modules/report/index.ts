/**
 * The report module's face (issue 45, ADR 0033): the report routes, the resources and services
 * bootstrap.ts puts on AppContext (ctx.reports, ctx.reportServices) and the export jobs
 * jobs/boss.ts registers.
 */
export { reportRoutes } from './routes.ts';
export { openReportResources } from './resources.ts';
export { reportServices } from './service.ts';
export { registerReportExports } from './export/exportWorker.ts';
// 自动报表 (issue 39) renders widgets with a schedule owner's rights through these.
export { ReportWidgets } from './reports.ts';
export { readableReport } from './permissions.ts';
export { exportHeaders } from './export/tableExport.ts';
export { rename } from './query/engine.ts';
export { findReport } from './repo.ts';
/** What an application package installs and removes through (ADR 0054 part 3). */
export { deletePackagedDataset, deletePackagedReport, platformDatasourceId, savePackagedDataset, savePackagedReport } from './repo.ts';
