/**
 * The 巡检 application's server part (issue 41, ADR 0060): what the platform could not do with its
 * own features — the missed-checkpoint job, and 专项服务 › 巡检点二维码's two calls. The application itself (forms, flow, dictionary) is a
 * package, apps/inspection/.
 */
export { registerInspectionJobs } from './jobs.ts';
export { inspectionRoutes } from './routes.ts';
export { INSPECTION_APP, MISSED_LOOKBACK_HOURS, missedCheckpointTick } from './missed.ts';
