/** The park's 租户管理 views' own call (issue 36, t2): the selector's tenant list where t1's is absent. */
export { tenantViewRoutes } from './routes.ts';
