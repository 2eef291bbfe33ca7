/**
 * Enterprise self-registration (spec 000 §2, §3, §5; issue 6): the field rules and messages the
 * registration page shows on blur, and the server checks again with the same code (DESIGN.md §9).
 */
import { EMAIL_MESSAGE, EMAIL_PATTERN, LANDLINE_PATTERN, MOBILE_PATTERN } from '../admin/rules.ts';
import { meetsPasswordRule, PASSWORD_RULE_MESSAGE } from '../auth/passwordRule.ts';

/** The company half of the registration payload (spec 000 §3), as the browser sends it. */
export interface RegistrationCompanyInfo {
  companyName: string;
  administrativeAreaCode: string;
  administrativeAreaName: string;
  address: string;
  lat?: string | null;
  lnt?: string | null;
  industryCode: string;
  industryName: string;
  /** Industry category (行业类别), in the spec's spelling. */
  industyType: string;
  economicTypeCode?: string | null;
  economicTypeName?: string | null;
  /** Organisation code (统一社会信用代码 or 组织机构代码); also the login account. */
  companyCode: string;
}

/** The user half; `ps` and `ps1` are sealed envelopes (DESIGN.md §5.1) of the password and its confirmation. */
export interface RegistrationUser {
  userName: string;
  ps: string;
  ps1: string;
  realName: string;
  /** '0' 男, '1' 女 */
  sex: string;
  jobs: string;
  phone: string;
  officePhone?: string | null;
  email?: string | null;
}

export interface RegistrationPayload {
  companyInfo: RegistrationCompanyInfo;
  user: RegistrationUser;
}

/** Every plain-text field of the payload, by the key the forms use. */
export type CompanyFieldKey =
  | 'companyName'
  | 'administrativeAreaName'
  | 'address'
  | 'industryName'
  | 'industyType'
  | 'economicTypeName'
  | 'companyCode';
export type UserFieldKey = 'userName' | 'realName' | 'sex' | 'jobs' | 'phone' | 'officePhone' | 'email';
export type RegistrationFieldKey = CompanyFieldKey | UserFieldKey;

export interface RegistrationFieldRule {
  label: string;
  /** The message shown when a required field is left empty (spec 000 §5: all on blur). */
  requiredMessage?: string;
  maxLength: number;
  /** Checked on the trimmed value when it is not empty. */
  test?: (value: string) => boolean;
  invalidMessage?: string;
}

/** Organisation codes: the 18-character 统一社会信用代码, or the older 9-character 组织机构代码 (XXXXXXXX-X). */
export const COMPANY_CODE_PATTERN = /^(?:[0-9A-Z]{18}|[0-9A-Z]{8}-?[0-9A-Z])$/;
export const COMPANY_CODE_MESSAGE = '组织机构代码应为18位统一社会信用代码或9位组织机构代码（字母或数字）';

/** Codes are compared and stored in upper case, so 91340500ma… and 91340500MA… are one company. */
export function normalizeCompanyCode(code: string): string {
  return code.trim().toUpperCase();
}

export const REGISTRATION_TEXT = {
  title: '企业注册',
  /** The instruction block (spec 000 §2), one line each. */
  instructions: [
    '企业注册信息提交后，将由系统管理员进行审核；',
    '审核时间最长为两个工作日；',
    '审核通过后，将以短信方式通知企业；',
    '审核通过后，企业方可使用账号和密码登录系统，进行信息录入或办理许可申请；',
    '企业登录系统的账号为企业的组织机构代码。',
  ],
  confirm: '确认提交注册信息吗？',
  successTitle: '成功',
  success: '注册成功，请等待系统管理员审核，审核结果将以短信通知',
  failTitle: '失败',
  fail: '注册失败',
  /** One message for a taken code or account: it says no more than that the code is registered. */
  duplicate: '该组织机构代码已注册，不能重复注册；如有疑问请联系园区管理员',
  passwordMismatch: '两次输入的密码不一致,请重新输入',
  userNameMismatch: '用户名须与组织机构代码一致（企业登录账号即组织机构代码）',
  passwordRequired: '请输入密码',
  confirmRequired: '请再次输入密码',
  /** For a sealed password the server could not open (stale, replayed, tampered). */
  sealedInvalid: '密码信息已失效，请重新提交',
  regionInvalid: '所选行政区划不存在，请重新选择',
  industryInvalid: '所选行业不存在，请重新选择',
  industryTypeInvalid: '所选行业类别不存在，请重新选择',
  economicTypeInvalid: '所选经济类型不存在，请重新选择',
  tooMany: '注册请求过于频繁，请稍后再试',
} as const;

export const REGISTRATION_RULES: Record<RegistrationFieldKey, RegistrationFieldRule> = {
  companyName: { label: '企业名称', requiredMessage: '请输入企业名称', maxLength: 100 },
  administrativeAreaName: { label: '行政区划', requiredMessage: '请选择行政区划', maxLength: 200 },
  address: { label: '详细地址', requiredMessage: '请输入详细地址', maxLength: 200 },
  industryName: { label: '行业名称', requiredMessage: '请选择行业名称', maxLength: 100 },
  industyType: { label: '行业类别', requiredMessage: '请选择行业类别', maxLength: 100 },
  economicTypeName: { label: '经济类型', maxLength: 100 },
  companyCode: {
    label: '组织机构代码',
    requiredMessage: '请输入组织机构代码',
    maxLength: 20,
    test: (v) => COMPANY_CODE_PATTERN.test(normalizeCompanyCode(v)),
    invalidMessage: COMPANY_CODE_MESSAGE,
  },
  userName: { label: '用户名', requiredMessage: '请输入用户名', maxLength: 20 },
  realName: { label: '真实姓名', requiredMessage: '请输入真实姓名', maxLength: 64 },
  sex: { label: '性别', requiredMessage: '请选择性别', maxLength: 1, test: (v) => v === '0' || v === '1', invalidMessage: '性别不合法' },
  jobs: { label: '职务', requiredMessage: '请输入职务', maxLength: 64 },
  phone: {
    label: '手机号码',
    requiredMessage: '请输入手机号码',
    maxLength: 11,
    test: (v) => MOBILE_PATTERN.test(v),
    invalidMessage: '请输入正确的手机号码',
  },
  officePhone: {
    label: '办公电话',
    maxLength: 20,
    test: (v) => LANDLINE_PATTERN.test(v) || MOBILE_PATTERN.test(v),
    invalidMessage: '请输入正确的办公电话，如 0555-1234567',
  },
  email: { label: '电子邮箱', maxLength: 100, test: (v) => EMAIL_PATTERN.test(v), invalidMessage: EMAIL_MESSAGE },
};

function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  return '';
}

/** The message for one field's value, or null when it passes. */
export function checkRegistrationField(key: RegistrationFieldKey, value: unknown): string | null {
  const rule = REGISTRATION_RULES[key];
  const text = textOf(value);
  if (text === '') return rule.requiredMessage ?? null;
  if (text.length > rule.maxLength) return `${rule.label}不能超过${rule.maxLength}个字符`;
  if (rule.test && !rule.test(text)) return rule.invalidMessage ?? `${rule.label}格式不正确`;
  return null;
}

/** The password: required, and the platform rule (6+ characters: digit, upper, lower, special). */
export function checkRegistrationPassword(password: string | null | undefined): string | null {
  if (!password) return REGISTRATION_TEXT.passwordRequired;
  if (password.length > 64) return '密码不能超过64个字符';
  return meetsPasswordRule(password) ? null : PASSWORD_RULE_MESSAGE;
}

export function checkPasswordConfirm(password: string | null | undefined, confirm: string | null | undefined): string | null {
  if (!confirm) return REGISTRATION_TEXT.confirmRequired;
  return password === confirm ? null : REGISTRATION_TEXT.passwordMismatch;
}

/** The account the company administrator logs in with: its organisation code (spec 000 §2). */
export function checkUserNameMatchesCode(userName: unknown, companyCode: unknown): string | null {
  const name = textOf(userName);
  const code = textOf(companyCode);
  if (name === '' || code === '') return null; // the required checks speak for empty fields
  return normalizeCompanyCode(name) === normalizeCompanyCode(code) ? null : REGISTRATION_TEXT.userNameMismatch;
}

function checkCoordinate(value: unknown, limit: number, label: string): string | null {
  const text = textOf(value);
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) && Math.abs(n) <= limit && text.length <= 20 ? null : `${label}不合法`;
}

export interface RegistrationProblem {
  field: RegistrationFieldKey | 'ps' | 'ps1' | 'administrativeAreaCode' | 'industryCode' | 'lat' | 'lnt';
  message: string;
}

const COMPANY_KEYS: CompanyFieldKey[] = [
  'companyName',
  'administrativeAreaName',
  'address',
  'industryName',
  'industyType',
  'economicTypeName',
  'companyCode',
];
const USER_KEYS: UserFieldKey[] = ['userName', 'realName', 'sex', 'jobs', 'phone', 'officePhone', 'email'];

/**
 * Every problem of a payload, in the page's order, with the passwords already opened (the
 * server) or typed (the browser). An empty list means the payload may be saved.
 */
export function validateRegistration(
  companyInfo: Partial<Record<keyof RegistrationCompanyInfo, unknown>>,
  user: Partial<Record<UserFieldKey, unknown>>,
  passwords: { ps: string | null; ps1: string | null },
): RegistrationProblem[] {
  const problems: RegistrationProblem[] = [];
  const add = (field: RegistrationProblem['field'], message: string | null) => {
    if (message) problems.push({ field, message });
  };
  for (const key of COMPANY_KEYS) add(key, checkRegistrationField(key, companyInfo[key]));
  if (textOf(companyInfo.administrativeAreaName) !== '' && textOf(companyInfo.administrativeAreaCode) === '') {
    add('administrativeAreaCode', REGISTRATION_RULES.administrativeAreaName.requiredMessage!);
  }
  if (textOf(companyInfo.industryName) !== '' && textOf(companyInfo.industryCode) === '') {
    add('industryCode', REGISTRATION_RULES.industryName.requiredMessage!);
  }
  add('lat', checkCoordinate(companyInfo.lat, 90, '纬度'));
  add('lnt', checkCoordinate(companyInfo.lnt, 180, '经度'));
  for (const key of USER_KEYS) add(key, checkRegistrationField(key, user[key]));
  add('userName', checkUserNameMatchesCode(user.userName, companyInfo.companyCode));
  add('ps', checkRegistrationPassword(passwords.ps));
  add('ps1', checkPasswordConfirm(passwords.ps, passwords.ps1));
  return problems;
}
