/**
 * Replies of the picker calls (issue 4; spec 000 §7 "System pickers", "Form data for choose",
 * "Company of current user", "Region / industry trees"). Shared by the server and the browser.
 */
import type { ApiOk, OrgRef, RoleRef, UserType } from './types.ts';

/** Column name → label, for a picker's table columns. */
export type DescMap = Record<string, string>;

/** One row of `listUser`: the picker's columns, and the fields the user administration screen shows. */
export interface UserListItem {
  id: number;
  username: string;
  realName: string;
  /** The organisations' names, comma-joined. */
  orgName: string | null;
  orgList: OrgRef[];
  phone: string | null;
  email: string | null;
  roleList: RoleRef[];
  sex: string | null;
  userType: UserType;
  status: 0 | 1;
  /** yyyy-MM-dd HH:mm:ss */
  createTime: string;
}

export interface UserListReply extends ApiOk {
  datas: UserListItem[];
  totalCount: number;
  desc: DescMap;
}

/** One row of `queryAllCompanyInfo`, the company picker's source. */
export interface CompanyListItem {
  id: number;
  companyName: string;
  companyCode: string;
  administrativeAreaName: string | null;
  industryName: string | null;
  industyType: string | null;
  economicTypeName: string | null;
  /** '0' 未审核, '1' 审核通过, '2' 审核不通过, '3' 已作废 */
  status: string;
}

export interface CompanyListReply extends ApiOk {
  datas: CompanyListItem[];
  totalCount: number;
  desc: DescMap;
}

export interface CompanyInfoReply extends ApiOk {
  /** Null for a user who belongs to no company (platform users). */
  companyInfo: { id: number; companyName: string } | null;
}

/** A node of the public region and industry trees, loaded one level at a time. */
export interface CodeTreeNode {
  code: string;
  name: string;
  isLeaf: boolean;
  /** Regions only: 1 province, 2 city, 3 county. */
  level?: number;
}

export interface CodeTreeReply extends ApiOk {
  children: CodeTreeNode[];
}

export interface OrgListItem {
  id: number;
  parentId: number | null;
  orgName: string;
  orgCode: string | null;
  orderIndex: number;
  /** No child organisations. */
  isLeaf: boolean;
}

/** A node of `listOrgAndUserTree`: organisations hold their child organisations and their users. */
export interface OrgUserNode {
  /** 'org-<id>' or 'user-<id>', unique across both kinds. */
  key: string;
  id: number;
  name: string;
  type: 'org' | 'user';
  /** Users only. */
  username?: string;
  isLeaf: boolean;
  children?: OrgUserNode[];
}

/** A column of a form table, as `form/formtable/querydesc` and `form/datasource/table/querydesc` describe it. */
export interface FormColumnDesc {
  columnName: string;
  columnDesc: string;
  /** The SQL type: text, numeric, bigint or timestamptz. */
  columnType: string;
}

export interface FormColumnsReply extends ApiOk {
  /** The spec's spelling. */
  colums: FormColumnDesc[];
}
