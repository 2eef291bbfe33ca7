/**
 * The import/export module's face (issue 45, ADR 0033): the import, export and import-error
 * routes, the job threads' start (jobs/boss.ts), the thread runner and requester check the report
 * export reuses, and the finished job file a download names (ctx.fileHolders).
 */
export * from './worker.ts';
export { importExportRoutes } from './routes.ts';
export { importErrorsRoutes } from './importErrors.routes.ts';
export { jobDownloadFile } from './download.ts';
export { jobAuth } from './jobAuth.ts';
export { JobThread, registerImportExport } from './jobs.ts';
