/**
 * 提醒设置 (issue 39, ADR 0051): saveFormRemindSet / queryFormSetByFormId, the send log, and the
 * schedule that sends 定时填报提醒 and 数据提醒 once per period.
 */
export { remindRoutes } from './routes.ts';
export { registerRemindJobs } from './jobs.ts';
export { remindTick, type RunDeps, type TickOutcome } from './runner.ts';
export { parkFormSets, removeFormSets, saveParkFormSet } from './service.ts';
