/** The role code of a tenant's 主管理员 role (ADR 0034: one per tenant, company_id = the tenant). */
export const TENANT_ADMIN_ROLE_CODE = 'TENANT_ADMIN';
