/** 自动报表 and 订阅 (issue 39, ADR 0057): shapes, the shared checks, cron and the due period. */
export * from './types.ts';
export { AUTO_REPORT_TEXT, WEEK_DAY_LABELS } from './messages.ts';
export { checkAutoReport, checkFrequency } from './check.ts';
export { cronMatches, parseCron, type CronSpec } from './cron.ts';
export { autoReportPeriod, describeFrequency } from './schedule.ts';
