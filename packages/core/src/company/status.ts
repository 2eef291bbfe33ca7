/**
 * Company statuses (DESIGN.md §5.1) and what a company's users are told when they may not log in.
 */
import type { ApiOk, UserType } from '../api/types.ts';

export const COMPANY_STATUS = {
  pending: '0',
  approved: '1',
  rejected: '2',
  voided: '3',
} as const;
export type CompanyStatus = (typeof COMPANY_STATUS)[keyof typeof COMPANY_STATUS];

export const COMPANY_STATUS_TEXT: Record<CompanyStatus, string> = {
  '0': '待审核',
  '1': '审核通过',
  '2': '审核不通过',
  '3': '已作废',
};

export function isCompanyStatus(value: unknown): value is CompanyStatus {
  return value === '0' || value === '1' || value === '2' || value === '3';
}

/** The login refusals for users of a company that is not approved (issue 6). */
export const COMPANY_LOGIN_TEXT = {
  pending: '该企业注册信息尚在审核中（待审核），审核通过后方可登录，审核结果将以短信通知',
  rejectedNoReason: '企业注册审核不通过，可修改注册信息后用同一组织机构代码重新注册，如有疑问请联系园区管理员',
  voided: '该企业已作废，不能登录，如有疑问请联系园区管理员',
} as const;

export function rejectedLoginMessage(reason: string | null | undefined): string {
  const r = reason?.trim();
  return r ? `企业注册审核不通过，原因：${r}；可修改注册信息后用同一组织机构代码重新注册` : COMPANY_LOGIN_TEXT.rejectedNoReason;
}

/** Null when the company's users may log in (approved), else the reason shown on the login page. */
export function companyLoginRefusal(status: string, reason: string | null | undefined): string | null {
  switch (status) {
    case COMPANY_STATUS.approved:
      return null;
    case COMPANY_STATUS.pending:
      return COMPANY_LOGIN_TEXT.pending;
    case COMPANY_STATUS.rejected:
      return rejectedLoginMessage(reason);
    default:
      return COMPANY_LOGIN_TEXT.voided;
  }
}

/** Texts of the company administration screen (企业管理) and its server checks. */
export const COMPANY_ADMIN_TEXT = {
  notPending: '该企业已审核，请刷新后重试',
  notApproved: '只有审核通过的企业可以进行此操作',
  voided: '该企业已作废，不能修改',
  rejectReasonRequired: '请输入审核不通过的原因',
  approveConfirm: '确认审核通过该企业吗？',
  voidConfirm: '确认作废该企业吗？',
  voidContent: '作废后该企业的所有用户将立即退出且不能再登录，此操作不可恢复。',
  approved: '审核通过',
  rejected: '已审核不通过',
  voidedDone: '已作废',
  notCompanyUser: '该用户不属于此企业',
  companyNotFound: '企业不存在或已被删除',
} as const;

/** SMS texts sent on review (modules/company/sms.ts). */
export function approvalSmsText(companyName: string, account: string): string {
  return `【封闭园区】${companyName}：您的企业注册申请已审核通过，请使用账号 ${account} 及注册时设置的密码登录系统。`;
}
export function rejectionSmsText(companyName: string, reason: string): string {
  return `【封闭园区】${companyName}：您的企业注册申请审核不通过，原因：${reason}。如有疑问请联系园区管理员。`;
}

/** One row of `queryAllCheckCompanyInfo` (企业管理). */
export interface CompanyAdminItem {
  id: number;
  companyName: string;
  companyCode: string;
  administrativeAreaCode: string | null;
  administrativeAreaName: string | null;
  address: string | null;
  lat: string | null;
  lnt: string | null;
  industryCode: string | null;
  industryName: string | null;
  industyType: string | null;
  economicTypeCode: string | null;
  economicTypeName: string | null;
  status: CompanyStatus;
  checkReason: string | null;
  /** yyyy-MM-dd HH:mm:ss, or null before review. */
  checkedTime: string | null;
  checkedByName: string | null;
  createTime: string;
  /** The company administrator created at registration (the first userType 1 user). */
  adminUsername: string | null;
  adminRealName: string | null;
  adminPhone: string | null;
  userCount: number;
}

export interface CompanyAdminListReply extends ApiOk {
  datas: CompanyAdminItem[];
  totalCount: number;
}

/** Editable details of a company (updateCompanyInfo); the organisation code is the login account and does not change. */
export interface CompanyUpdateInput {
  id: number;
  companyName: string;
  administrativeAreaCode: string;
  address: string;
  lat?: string | null;
  lnt?: string | null;
  industryCode: string;
  industyType: string;
  economicTypeCode?: string | null;
}

/** A user of a company, as 企业管理 → 用户管理 lists them. */
export interface CompanyUserItem {
  id: number;
  username: string;
  realName: string;
  sex: string | null;
  jobs: string | null;
  phone: string | null;
  officePhone: string | null;
  email: string | null;
  userType: UserType;
  status: 0 | 1;
  createTime: string;
}

export interface CompanyUserInput {
  companyId: number;
  username: string;
  realName: string;
  sex?: string | null;
  jobs?: string | null;
  phone?: string | null;
  officePhone?: string | null;
  email?: string | null;
  /** 1 company administrator, 2 company user. */
  userType: 1 | 2;
}

export interface CompanyUserUpdateInput extends Omit<CompanyUserInput, 'companyId' | 'username'> {
  id: number;
}

export interface CodeNameOption {
  code: string;
  name: string;
}

/** The public dictionaries the registration page needs (getRegisterDic). */
export const REGISTER_DIC_TYPES = ['economic_type', 'industry_category'] as const;
export type RegisterDicType = (typeof REGISTER_DIC_TYPES)[number];
