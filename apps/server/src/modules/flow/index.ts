/** The flow module's face (issue 45, ADR 0033): the approvals waiting for the signed-in user (/api/flow/…). */
export { flowRoutes } from './routes.ts';
