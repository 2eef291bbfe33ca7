import type {
  AdminMenu,
  AdminPageReply,
  AdminRole,
  AdminUser,
  ApiOk,
  DicCatalog,
  DicType,
  OrgNode,
  RoleRef,
  TenantOption,
  TenantOrgNode,
  TenantUserRelativeReply,
} from '@park/core';
import { get } from '../../../lib/http.ts';
import { toPageResult, type PageResult } from '../../../lib/paging.ts';

/**
 * The park's 租户管理 views (issue 36): the 系统管理 reads with the picked tenant's `tenantId`, as
 * the original's TenantOrg / TenantUser / TenantRole / TenantMenu / TenantDataDic call them.
 */
export const TENANT_VIEW_ROOT = ['tenant', 'views'] as const;

export async function listTenant(signal?: AbortSignal): Promise<TenantOption[]> {
  return (await get<AdminPageReply<TenantOption>>('/api/user/listTenant', { pageNum: 1, pageSize: 100 }, { signal })).datas;
}

/** One level of the tenant's organisations: the roots without orgId. */
export async function listTenantOrg(tenantId: number, orgId?: number, signal?: AbortSignal): Promise<TenantOrgNode[]> {
  return (await get<ApiOk & { list: TenantOrgNode[] }>('/api/user/listTenantOrg', { tenantId, orgId }, { signal })).list;
}

export async function listTenantOrgTree(tenantId: number, signal?: AbortSignal): Promise<OrgNode[]> {
  return (await get<ApiOk & { departManage: OrgNode[] }>('/api/user/listOrgTree', { tenantId }, { signal })).departManage;
}

export async function listTenantUser(
  q: { tenantId: number; orgId?: number; wd?: string; pageNum: number; pageSize: number },
  signal?: AbortSignal,
): Promise<PageResult<AdminUser>> {
  return toPageResult(await get<AdminPageReply<AdminUser>>('/api/user/listUser', { ...q }, { signal }));
}

export async function getTenantUserRelative(userId: number, signal?: AbortSignal) {
  return (await get<TenantUserRelativeReply>('/api/user/getTenantUserRelative', { userId }, { signal })).tenantUser;
}

export async function listRoleByUserId(userId: number, signal?: AbortSignal): Promise<RoleRef[]> {
  return (await get<ApiOk & { datas: RoleRef[] }>('/api/user/listRoleByUserId', { userId }, { signal })).datas;
}

export async function listTenantRole(tenantId: number, signal?: AbortSignal): Promise<AdminRole[]> {
  return (await get<AdminPageReply<AdminRole>>('/api/user/listRole', { tenantId }, { signal })).datas;
}

/** The tenant's grantable menus and, for a role, the ones it grants (`roleMenus[].menuId`). */
export async function listTenantMenu(tenantId: number, roleId?: number, signal?: AbortSignal) {
  const reply = await get<ApiOk & { children: AdminMenu[]; roleMenus?: { menuId: number }[] }>('/api/user/listMenu', { tenantId, roleId }, { signal });
  return { menus: reply.children, menuIds: (reply.roleMenus ?? []).map((m) => m.menuId) };
}

export async function listTenantDicType(tenantId: number, signal?: AbortSignal): Promise<DicType[]> {
  return (await get<AdminPageReply<DicType>>('/api/user/listDicType', { tenantId }, { signal })).datas;
}

export async function listTenantDicCatalog(tenantId: number, typeId: number, signal?: AbortSignal): Promise<DicCatalog[]> {
  return (await get<ApiOk & { datas: DicCatalog[] }>('/api/user/listDicCatalog', { tenantId, typeId }, { signal })).datas;
}
