import { EMAIL_PATTERN, MOBILE_PATTERN } from '../admin/rules.ts';

/*
 * 租户信息 (TenantManage, screens-round3 §1.1): the dialog's fields, rules and messages, one table
 * for the screen (antd rules) and the server (which re-checks everything, DESIGN §9).
 */

export type TenantTextField = 'tenantName' | 'industry' | 'address' | 'contact';

interface LengthRule {
  required: string;
  min: number;
  max: number;
}

const LENGTH_MESSAGE = '长度在 2 到 50 个字符';

/** Required, 2–50 characters: the four text fields of the dialog. */
export const TENANT_TEXT_RULES: Record<TenantTextField, LengthRule> = {
  tenantName: { required: '租户名称不能为空', min: 2, max: 50 },
  industry: { required: '行业不能为空', min: 2, max: 50 },
  address: { required: '详细地址不能为空', min: 2, max: 50 },
  contact: { required: '联系人姓名不能为空', min: 2, max: 50 },
};

export const TENANT_TEXT = {
  lengthMessage: LENGTH_MESSAGE,
  phoneRequired: '联系人手机号码不能为空',
  phoneInvalid: '请输入正确的手机号码',
  emailRequired: '联系人邮箱不能为空',
  /* The original's text without its stray leading quote (screens-round3 §1.1 notes it as sic). */
  emailInvalid: '请输入正确的邮箱地址',
  regionIncomplete: '所在地信息需填写完整',
  regionUnknown: '所在地不存在，请重新选择',
  nameTaken: '租户名称已存在',
  phoneTaken: '该手机号码已被使用，不能作为主管理员登录账号',
  notFound: '租户不存在',
  added: '新增租户成功',
  updated: '修改租户成功',
  enabled: '启用租户成功',
  disabled: '禁用租户成功',
  confirmEnable: '是否启用租户？',
  confirmDisable: '是否禁用租户？',
  /** Login of a user of a disabled tenant (modules/auth). */
  loginDisabled: '所属租户已被禁用，请联系园区管理员',
  /** Changing a tenant is the park's (403 for anyone else). */
  parkOnly: '仅园区管理员可以管理租户',
} as const;

/** The message for the first problem of one text field, or null. */
export function checkTenantText(field: TenantTextField, value: string | null | undefined): string | null {
  const rule = TENANT_TEXT_RULES[field];
  const v = (value ?? '').trim();
  if (v === '') return rule.required;
  if (v.length < rule.min || v.length > rule.max) return LENGTH_MESSAGE;
  return null;
}

export function checkTenantPhone(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  if (v === '') return TENANT_TEXT.phoneRequired;
  return MOBILE_PATTERN.test(v) ? null : TENANT_TEXT.phoneInvalid;
}

export function checkTenantEmail(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  if (v === '') return TENANT_TEXT.emailRequired;
  return v.length <= 100 && EMAIL_PATTERN.test(v) ? null : TENANT_TEXT.emailInvalid;
}

/** Province, city and area codes: all three or the dialog's warning. */
export function checkTenantRegion(codes: { proviceCode?: string | null; cityCode?: string | null; areaCode?: string | null }): string | null {
  return [codes.proviceCode, codes.cityCode, codes.areaCode].every((c) => (c ?? '').trim() !== '') ? null : TENANT_TEXT.regionIncomplete;
}

/** The city level of a municipality in the national code list (北京市 › 市辖区 › 东城区). */
const MUNICIPAL_DISTRICTS = '市辖区';

/**
 * 所在地 as the original writes it: city+area for a municipality (province equals city), else all
 * three. Our region table names a municipality's city level 市辖区, which reads the same way.
 */
export function tenantLocation(provice: string, city: string, area: string): string {
  if (city === MUNICIPAL_DISTRICTS) return `${provice}${area}`;
  return provice === city ? `${city}${area}` : `${provice}${city}${area}`;
}

/** What addTenant / updateTenant send (FORM; the original's spelling `provice`). */
export interface TenantInput {
  id?: number;
  tenantName: string;
  industry: string;
  address: string;
  contact: string;
  phone: string;
  email: string;
  status: number;
  lat?: string | null;
  lnt?: string | null;
  provice?: string | null;
  proviceCode: string;
  city?: string | null;
  cityCode: string;
  area?: string | null;
  areaCode: string;
  location?: string | null;
}

/** Every problem of a tenant dialog, field by field (the server answers the first). */
export function checkTenantInput(input: Partial<TenantInput>, editing: boolean): Array<{ field: string; message: string }> {
  const problems: Array<{ field: string; message: string }> = [];
  const add = (field: string, message: string | null) => {
    if (message) problems.push({ field, message });
  };
  for (const field of Object.keys(TENANT_TEXT_RULES) as TenantTextField[]) add(field, checkTenantText(field, input[field]));
  // The phone is the 主管理员's login: fixed once the tenant exists.
  if (!editing) add('phone', checkTenantPhone(input.phone));
  add('email', checkTenantEmail(input.email));
  add('region', checkTenantRegion(input));
  return problems;
}

/** A row of listTenant (the original's reply fields). */
export interface TenantRow {
  id: number;
  tenantName: string;
  industry: string | null;
  location: string | null;
  address: string | null;
  contact: string | null;
  phone: string | null;
  email: string | null;
  userName: string | null;
  lastUpdateUserName: string | null;
  createTime: string;
  lastUpdateTime: string;
  /** 1 启用, 0 禁用. */
  status: number;
  lat: string | null;
  lnt: string | null;
  provice: string | null;
  proviceCode: string | null;
  city: string | null;
  cityCode: string | null;
  area: string | null;
  areaCode: string | null;
  /** 'register' (self-registered, approved) or 'park' (added here). */
  source: string;
}

/** The reply of addTenant: the 主管理员's login and the initial password, shown once. */
export interface AddTenantReply {
  id: number;
  username: string;
  password: string;
}
