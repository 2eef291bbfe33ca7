import type {
  AdminMenu,
  AdminOrgUser,
  AdminPageReply,
  AdminRole,
  AdminUser,
  ApiOk,
  DicCatalog,
  DicType,
  ExistsReply,
  ListMenuReply,
  ListSysReply,
  MenuInput,
  NewPasswordReply,
  OptLogQuery,
  OptLogReply,
  OptLogRow,
  OrgRef,
  RoleRef,
  RoleUser,
  SecuritySettings,
  SecuritySettingsReply,
  SysModule,
  TotalCountKind,
  UserInput,
  DataScope,
} from '@park/core';
import { get, postJson, type CallOptions } from '../../lib/http.ts';
import { toPageResult, type PageResult } from '../../lib/paging.ts';

/** The administration calls (issue 5), by their catalogue names. */

export const SYSTEM_QUERY_ROOT = ['system'] as const;
export const keys = {
  users: [...SYSTEM_QUERY_ROOT, 'users'] as const,
  roles: [...SYSTEM_QUERY_ROOT, 'roles'] as const,
  menus: [...SYSTEM_QUERY_ROOT, 'menus'] as const,
  dicTypes: [...SYSTEM_QUERY_ROOT, 'dicTypes'] as const,
  dicCatalog: [...SYSTEM_QUERY_ROOT, 'dicCatalog'] as const,
  sys: [...SYSTEM_QUERY_ROOT, 'sys'] as const,
  optlog: [...SYSTEM_QUERY_ROOT, 'optlog'] as const,
  settings: [...SYSTEM_QUERY_ROOT, 'settings'] as const,
  orgUsers: [...SYSTEM_QUERY_ROOT, 'orgUsers'] as const,
  roleRel: [...SYSTEM_QUERY_ROOT, 'roleRel'] as const,
};

type Ok = ApiOk;
type Created = ApiOk & { id: number };

/* Users */

export interface UserListQuery {
  pageNum: number;
  pageSize: number;
  wd?: string;
  orgId?: number;
  status?: 0 | 1;
}

export async function listUser(q: UserListQuery, signal?: AbortSignal): Promise<PageResult<AdminUser>> {
  return toPageResult(await get<AdminPageReply<AdminUser>>('/api/user/listUser', { ...q }, { signal }));
}

export const addUser = (body: UserInput) => postJson<NewPasswordReply>('/api/user/addUser', body);
export const updateUser = (body: Omit<UserInput, 'username'> & { id: number }) => postJson<Ok>('/api/user/updateUser', body);
export const deleteUser = (id: number) => postJson<Ok>('/api/user/deleteUser', { id });
export const updateStatus = (id: number, status: 0 | 1) => postJson<Ok>('/api/user/updateStatus', { id, status });
export const resetPwd = (id: number) => postJson<NewPasswordReply>('/api/user/resetPwd', { id });

export async function listRoleByUserId(userId: number, signal?: AbortSignal): Promise<RoleRef[]> {
  return (await get<ApiOk & { datas: RoleRef[] }>('/api/user/listRoleByUserId', { userId }, { signal })).datas;
}

/* My password: both values are sealed envelopes (DESIGN.md §5.1). */

export const checkCurrentPwd = async (sealed: string, opts?: CallOptions) =>
  (await postJson<ApiOk & { valid: boolean }>('/api/user/checkCurrentPwd', { password: sealed }, opts)).valid;
export const updateCurrentPwd = (oldPassword: string, newPassword: string, opts?: CallOptions) =>
  postJson<Ok>('/api/user/updateCurrentPwd', { oldPassword, newPassword }, opts);

/* Organisations (the tree itself is the shell's listOrgTree) */

export const addOrg = (body: { parentId: number | null; orgName: string; orgCode?: string | null; leaderId?: number | null }) =>
  postJson<Created>('/api/user/addOrg', body);
export const updateOrg = (body: { id: number; orgName: string; orgCode?: string | null; leaderId?: number | null }) => postJson<Ok>('/api/user/updateOrg', body);
export const moveOrg = (id: number, parentId: number | null, index: number) => postJson<Ok>('/api/user/moveOrg', { id, parentId, index });
export const deleteOrg = (id: number) => postJson<Ok>('/api/user/deleteOrg', { id });

export async function listUserRelOrgByOrgId(
  orgId: number,
  pageNum: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<PageResult<AdminOrgUser>> {
  return toPageResult(await get<AdminPageReply<AdminOrgUser>>('/api/user/listUserRelOrgByOrgId', { orgId, pageNum, pageSize }, { signal }));
}

/* Roles */

export async function listRole(
  q: { pageNum?: number; pageSize?: number; roleName?: string } = {},
  signal?: AbortSignal,
): Promise<PageResult<AdminRole>> {
  return toPageResult(await get<AdminPageReply<AdminRole>>('/api/user/listRole', { ...q }, { signal }));
}

export const addRole = (body: { roleName: string; remark?: string | null; dataScope: DataScope }) => postJson<Created>('/api/user/addRole', body);
export const updateRole = (body: { id: number; roleName: string; remark?: string | null; dataScope: DataScope }) =>
  postJson<Ok>('/api/user/updateRole', body);
export const deleteRole = (id: number) => postJson<Ok>('/api/user/deleteRole', { id });

/** Silent: a failed check must not raise a notification while the user types. */
export async function checkByRoleName(roleName: string, id?: number, signal?: AbortSignal): Promise<boolean> {
  return (await get<ExistsReply>('/api/user/checkByRoleName', { roleName, id }, { signal, silent: true })).exists;
}

export async function listUserByRoleId(roleId: number, pageNum: number, pageSize: number, signal?: AbortSignal) {
  return toPageResult(await get<AdminPageReply<RoleUser>>('/api/user/listUserByRoleId', { roleId, pageNum, pageSize }, { signal }));
}

export async function listRolesRelUserByRoleId(roleId: number, signal?: AbortSignal) {
  return get<ApiOk & { datas: Array<{ id: number; username: string; realName: string }>; userIds: number[] }>(
    '/api/user/listRolesRelUserByRoleId',
    { roleId },
    { signal },
  );
}

export async function listRolesRelOrgByRoleId(roleId: number, signal?: AbortSignal) {
  return get<ApiOk & { datas: OrgRef[]; orgIds: number[] }>('/api/user/listRolesRelOrgByRoleId', { roleId }, { signal });
}

export const addRolesRelUser = (roleId: number, userIds: number[]) => postJson<Ok>('/api/user/addRolesRelUser', { roleId, userIds });
export const addRolesRelOrg = (roleId: number, orgIds: number[]) => postJson<Ok>('/api/user/addRolesRelOrg', { roleId, orgIds });
export const addRolesRelMenu = (roleId: number, menuIds: number[]) => postJson<Ok>('/api/user/addRolesRelMenu', { roleId, menuIds });

/* Menus */

export async function listMenu(roleId?: number, signal?: AbortSignal): Promise<{ menus: AdminMenu[]; menuIds: number[] }> {
  const reply = await get<ListMenuReply>('/api/user/listMenu', { roleId }, { signal });
  return { menus: Array.isArray(reply.datas) ? reply.datas : [], menuIds: reply.menuIds ?? [] };
}

export const addMenu = (body: MenuInput) => postJson<Created>('/api/user/addMenu', body);
export const addFullMenu = (body: MenuInput) => postJson<Created>('/api/user/addFullMenu', body);
export const updateMenu = (body: MenuInput & { id: number }) => postJson<Ok>('/api/user/updateMenu', body);
export const deleteMenu = (id: number) => postJson<Ok>('/api/user/deleteMenu', { id });

/* Dictionaries */

export async function listDicType(q: { pageNum: number; pageSize: number; wd?: string }, signal?: AbortSignal) {
  return toPageResult(await get<AdminPageReply<DicType>>('/api/user/listDicType', { ...q }, { signal }));
}
export async function listDicCatalog(typeId: number, signal?: AbortSignal): Promise<DicCatalog[]> {
  return (await get<ApiOk & { datas: DicCatalog[] }>('/api/user/listDicCatalog', { typeId }, { signal })).datas;
}
export async function checkDicType(typeCode: string, signal?: AbortSignal): Promise<boolean> {
  return (await get<ExistsReply>('/api/user/checkDicType', { typeCode }, { signal, silent: true })).exists;
}
export const addDicType = (body: { typeCode: string; typeName: string; remark?: string | null }) => postJson<Created>('/api/user/addDicType', body);
export const updateDicType = (body: { id: number; typeName: string; remark?: string | null }) => postJson<Ok>('/api/user/updateDicType', body);
export const addDicCatalog = (body: { typeId: number; parentId: number | null; code: string; name: string; orderIndex?: number }) =>
  postJson<Created>('/api/user/addDicCatalog', body);
export const updateDicCatalog = (body: { id: number; name: string; orderIndex?: number }) => postJson<Ok>('/api/user/updateDicCatalog', body);
/** Without force, entries still in use come back as 409 with usedCount; the caller asks, then forces. */
export const deleteDicType = (id: number, force: boolean, opts?: CallOptions) => postJson<Ok>('/api/user/deleteDicType', { id, force }, opts);
export const deleteDicCatalog = (id: number, force: boolean, opts?: CallOptions) =>
  postJson<Ok>('/api/user/deleteDicCatalog', { id, force }, opts);

/* Systems and modules */

export async function listSys(signal?: AbortSignal): Promise<SysModule[]> {
  const reply = await get<ListSysReply>('/api/user/listSys', undefined, { signal });
  return Array.isArray(reply.list) ? reply.list : [];
}
export async function checkBySysName(sysName: string, id?: number, signal?: AbortSignal): Promise<boolean> {
  return (await get<ExistsReply>('/api/user/checkBySysName', { sysName, id }, { signal, silent: true })).exists;
}
/** What the 子系统 dialog sends: the module's own fields, the addresses as one text of lines. */
type SysBody = Pick<SysModule, 'sysName' | 'sysUrl' | 'status' | 'orderIndex' | 'sysIndex' | 'sysDesc' | 'sso' | 'ssoMode' | 'syn'> & {
  redirectUris?: string;
  logoutUris?: string;
};
export const addSys = (body: SysBody) => postJson<Created>('/api/user/addSys', body);
export const updateSys = (body: SysBody & { id: number }) => postJson<Ok>('/api/user/updateSys', body);
export const deleteSys = (id: number) => postJson<Ok>('/api/user/deleteSys', { id });
/** 数据同步账号分配: the server makes the account (once) and a new secret, answered this one time. */
export const updateAgent = (id: number) => postJson<Ok & { agentAccount: string; agentSecret: string }>('/api/user/updateAgent', { id, syn: 0 });

/* Operation log */

export async function listOptLog(
  q: OptLogQuery,
  signal?: AbortSignal,
): Promise<PageResult<OptLogRow> & { kind: TotalCountKind }> {
  const reply = await get<OptLogReply>('/api/user/listOptLog', { ...q }, { signal });
  return { ...toPageResult(reply), kind: reply.totalCountKind ?? 'exact' };
}

/* Security settings */

export const getSecuritySettings = (signal?: AbortSignal) => get<SecuritySettingsReply>('/api/user/getSecuritySettings', undefined, { signal });
export const updateSecuritySettings = (body: SecuritySettings) => postJson<Ok>('/api/user/updateSecuritySettings', body);
