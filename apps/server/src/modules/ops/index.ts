/**
 * The operations module's face (issue 45, ADR 0033): health and /metrics routes, and the counters
 * other modules feed (the automation engine counts its executions here).
 */
export { opsRoutes } from './routes.ts';
export { automationExecutions } from './metrics.ts';
