/**
 * Request and reply shapes of the administration calls (issue 5; spec 002 §7, the /api/user/
 * catalogue). Shared by the server routes and the browser pages.
 */
import type { ApiOk, OrgRef, RoleRef, UserType } from '../api/types.ts';
import type { DataScope } from './formAccess.ts';

export interface AdminPageReply<T> extends ApiOk {
  datas: T[];
  totalCount: number;
}

/** '0' enabled, '1' disabled (sys_user.status). */
export type UserStatus = 0 | 1;

export interface AdminUser {
  id: number;
  username: string;
  realName: string;
  /** '0' male, '1' female (spec 000). */
  sex: string | null;
  phone: string | null;
  email: string | null;
  userType: UserType;
  /** 租户用户类型 of a tenant's user (issue 36); null for the park's users. */
  tenantUserType?: TenantUserType | null;
  status: UserStatus;
  orgList: OrgRef[];
  roleList: RoleRef[];
  /** yyyy-MM-dd HH:mm:ss */
  createTime: string;
}

export interface UserInput {
  username: string;
  realName: string;
  sex?: string | null;
  phone?: string | null;
  email?: string | null;
  userType: UserType;
  /** Set by a tenant's administrator: 1 子管理员 or 2 普通用户 (never 0, the 主管理员 made with the tenant). */
  tenantUserType?: TenantUserType | null;
  orgIds: number[];
  roleIds: number[];
}

/** 租户用户类型 (issue 36, screens-round3 §1): 0 主管理员, 1 子管理员, 2 普通用户. */
export type TenantUserType = 0 | 1 | 2;
export const TENANT_USER_TYPE_TEXT: Record<TenantUserType, string> = { 0: '主管理员', 1: '子管理员', 2: '普通用户' };

/** getTenantUserRelative's reply (the original's `tenantUser.userType`). */
export interface TenantUserRelativeReply extends ApiOk {
  tenantUser: { userId: number; tenantId: number; userType: TenantUserType };
}

/** One organisation of listTenantOrg (a level of a tenant's tree). */
export interface TenantOrgNode {
  id: number;
  parentId: number | null;
  orgName: string;
  orgCode: string | null;
  parentOrgName: string | null;
  orgIndex: number;
  leaf: boolean;
}

/** The tenant selector's option (listTenant's datas). */
export interface TenantOption {
  id: number;
  tenantName: string;
  status: number;
}

/** addUser and resetPwd answer with the new password, to be shown once. */
export interface NewPasswordReply extends ApiOk {
  id: number;
  password: string;
}

export interface AdminRole {
  id: number;
  roleName: string;
  /** Built-in roles carry a code (sys_admin, park_admin, company_user) and cannot be deleted. */
  roleCode: string | null;
  remark: string | null;
  createTime: string;
  /** Which form records its holders reach (issue 15). */
  dataScope: DataScope;
}

export interface RoleUser {
  id: number;
  username: string;
  realName: string;
  status: UserStatus;
  /** 'direct': the user holds the role; 'org': through one of the user's organisations. */
  source: 'direct' | 'org';
}

export interface ExistsReply extends ApiOk {
  exists: boolean;
}

export type MenuType = 'menu' | 'button';
/** 0 everywhere, 1 PC only, 2 app only. */
export type ShowType = 0 | 1 | 2;

export interface AdminMenu {
  id: number;
  parentId: number | null;
  name: string;
  path: string;
  component: string | null;
  iconName: string | null;
  level: number;
  orderIndex: number;
  hidden: boolean;
  showType: ShowType;
  menuType: MenuType;
  perms: string | null;
  children: AdminMenu[];
}

export interface MenuInput {
  parentId?: number | null;
  name: string;
  path: string;
  component?: string | null;
  iconName?: string | null;
  orderIndex?: number;
  hidden?: boolean;
  showType?: ShowType;
  menuType?: MenuType;
  perms?: string | null;
}

export interface ListMenuReply extends ApiOk {
  datas: AdminMenu[];
  /** With `roleId`: the menus bound to that role. */
  menuIds?: number[];
}

export interface AdminOrgUser {
  id: number;
  username: string;
  realName: string;
  phone: string | null;
  status: UserStatus;
}

export interface DicType {
  id: number;
  typeCode: string;
  typeName: string;
  remark: string | null;
  createTime: string;
}

export interface DicCatalog {
  id: number;
  typeId: number;
  parentId: number | null;
  code: string;
  name: string;
  orderIndex: number;
  /** Only in listDicCatalogByParentId. */
  hasChildren?: boolean;
  children?: DicCatalog[];
}

export interface AdminSys {
  id: number;
  sysName: string;
  sysUrl: string;
  status: number;
  orderIndex: number;
}

/** 0 success, 1 failure. */
export type OptResult = 0 | 1;

export interface OptLogRow {
  id: number;
  userId: number | null;
  username: string | null;
  module: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  /** The previous values (updates, deletes) or what was done, as logged: secrets removed, each value ≤ 8 KB. */
  detail: unknown;
  ip: string | null;
  result: OptResult;
  errMsg: string | null;
  createTime: string;
}

/**
 * listOptLog's count stops at a cap over millions of rows: 'capped' means "at least totalCount";
 * 'estimate' (no filter at all) is the planner's estimate of the whole log.
 */
export type TotalCountKind = 'exact' | 'capped' | 'estimate';

export interface OptLogReply extends AdminPageReply<OptLogRow> {
  totalCountKind: TotalCountKind;
}

export interface OptLogQuery {
  pageNum: number;
  pageSize: number;
  username?: string;
  module?: string;
  result?: OptResult;
  /** yyyy-MM-dd HH:mm:ss, inclusive. */
  beginTime?: string;
  /** yyyy-MM-dd HH:mm:ss, inclusive. */
  endTime?: string;
}

export interface SecuritySettings {
  /** A session ends after this many idle minutes. */
  sessionIdleMinutes: number;
  /** Wrong passwords per user name and address within a minute before logins are refused. */
  loginFailuresPerMinute: number;
  /** Operation-log rows older than this are deleted by the retention job. */
  optLogRetentionDays: number;
}

export interface SecuritySettingsReply extends ApiOk {
  settings: SecuritySettings;
  /** The values from the environment, used until an administrator saves others. */
  defaults: SecuritySettings;
}

/** Reply of a refused delete that may be forced: how many records still use the entry. */
export interface InUseReply {
  errCode: number;
  errMsg: string;
  usedCount: number;
}
