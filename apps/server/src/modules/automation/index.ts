/**
 * The automation module's face (issue 45, ADR 0033): the automation and designer routes, the
 * engine's start on pg-boss (jobs/boss.ts), and the people directory approvals resolve their
 * approvers and copies with.
 */
export { automationRoutes } from './routes.ts';
export { automationDesignerRoutes } from './designer.routes.ts';
export { dbDirectory, recordDirectory, tenantDbDirectory, tenantOfRecord } from './directory.ts';
export type { AutomationEngine } from './engine.ts';
export { startAutomation } from './jobs.ts';
/** What an application package installs, upgrades and removes through (ADR 0054 part 3). */
export { flowDefinitions, flowsOfForms, installPackagedFlow, removePackagedFlow } from './flowService.ts';
