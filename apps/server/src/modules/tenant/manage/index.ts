/**
 * 租户信息 (issue 36, t1): the park's tenant list and dialog, the one provisioning step that makes a
 * company a tenant (used by 新增租户 and by 企业管理's approval), and the TENANT_ADMIN convention.
 */
export { tenantManageRoutes, TENANT_MANAGE_PERM } from './routes.ts';
export { initialPassword, provisionTenant, TENANT_ADMIN_ROLE_CODE, type InitialPassword, type ProvisionInput, type Provisioned } from './provision.ts';
