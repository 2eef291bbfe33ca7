/** Shapes shared by the server replies and the browser client (DESIGN.md §5, spec 002 §3). */

export const BASE_PATH = '/closed-park-web';

/** Every JSON reply carries errCode; 0 (or missing) means success (spec 002 §8). */
export interface ApiOk {
  errCode: 0;
}
export interface ApiError {
  errCode: number;
  errMsg: string;
}

/** The 401 body for a call made without a valid session. */
export interface NoLoginReply {
  errorcode: 'no login';
  redirect: string;
}

export interface OrgRef {
  id: number;
  orgName: string;
}
export interface RoleRef {
  id: number;
  roleName: string;
}

/** 0 platform user, 1 company administrator, 2 company user. */
export type UserType = 0 | 1 | 2;

export interface CurrentUser {
  id: number;
  username: string;
  realName: string;
  userType: UserType;
  /** '0' male, '1' female (spec 000 registration). */
  sex: string | null;
  orgList: OrgRef[];
  roleList: RoleRef[];
  companyId: number | null;
}

export interface GetUserReply extends ApiOk {
  user: CurrentUser;
  enableCompanyPermission: boolean;
}

export interface MenuNode {
  id: number;
  parentId: number | null;
  name: string;
  path: string;
  component: string | null;
  iconName: string | null;
  level: number;
  orderIndex: number;
  hidden: boolean;
  children: MenuNode[];
}

export interface ListRouterReply extends ApiOk {
  children: MenuNode[];
}

export interface OrgNode {
  id: number;
  parentId: number | null;
  orgName: string;
  /** Optional code for other systems (organisation admin). */
  orgCode?: string | null;
  orderIndex: number;
  /** The leader (主管) whom supervisor recipients resolve to (issue 18). */
  leaderId?: number | null;
  leaderName?: string | null;
  children: OrgNode[];
}

export interface ListOrgTreeReply extends ApiOk {
  departManage: OrgNode[];
}

/** A business module; status '0' is enabled and listed in the top bar (spec 002 §2). */
export interface SysModule {
  id: number;
  sysName: string;
  sysUrl: string;
  status: number;
  /** Position in the module list. */
  orderIndex?: number;
}

export interface ListSysReply extends ApiOk {
  list: SysModule[];
}

export interface CurrentDateReply extends ApiOk {
  /** yyyy-MM-dd HH:mm:ss in the server's time zone. */
  currentDate: string;
}

export interface WaitDoneCountReply extends ApiOk {
  count: number;
}

export interface UnreadMsgCountReply extends ApiOk {
  totalCount: number;
}

export interface PublicKeyReply extends ApiOk {
  /** PEM, SPKI, RSA 2048. */
  publicKey: string;
}

export interface LoginRequest {
  username: string;
  /** The sealed envelope, see auth/envelope.ts. */
  password: string;
}

export interface LoginReply extends ApiOk {
  user: CurrentUser;
}
