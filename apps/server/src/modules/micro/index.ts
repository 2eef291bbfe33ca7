/**
 * The micro-app module's face (issue 37, ADR 0044): functions, micro-apps, industry templates, each
 * tenant's workbench and the caller's own (myWorkbench, workbench-contract.md). Its service is
 * ctx.micro, made by bootstrap.ts.
 */
export { microRoutes } from './routes.ts';
export { MicroService, MICRO_PERMS } from './service.ts';
export { isTenantAdmin } from './repo.ts';
