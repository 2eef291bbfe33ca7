/**
 * 自动报表 and 订阅 (issue 39, ADR 0057): schedules that send a table widget as Excel or a
 * dashboard as PNG to recipients through the message centre, rendered with the owner's rights.
 */
export { autoReportRoutes, AUTO_REPORT_PERMISSION } from './routes.ts';
export { registerAutoReportJobs } from './jobs.ts';
export { autoReportTick, sendOnce } from './runner.ts';
export { receivesAutoReportFile } from './fileAccess.ts';
