/**
 * The user module's face (issue 45, ADR 0033): the signed-in user's shell calls (menus, systems,
 * org tree) and the role and permission reads other modules check rights with. Other modules
 * import it only through this file (a job thread through worker.ts, re-exported here).
 */
export * from './worker.ts';
export { userRoutes } from './routes.ts';
