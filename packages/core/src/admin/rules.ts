/**
 * Validation shared by the administration forms and the server, which re-checks everything
 * (DESIGN.md §9). Patterns from spec 002 §5.
 */
import type { SecuritySettings } from './types.ts';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]{2,32}$/;
export const USERNAME_MESSAGE = '用户名为2-32位字母、数字或 _ . @ -';

/** Mobile: 11 digits, 1 then 3-9. Landline: 0 + 2-3 digits, optional dash, 7-8 digits. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const LANDLINE_PATTERN = /^0\d{2,3}-?\d{7,8}$/;
export const PHONE_MESSAGE = '请输入正确的手机号或固定电话';
export function isPhone(value: string): boolean {
  return MOBILE_PATTERN.test(value) || LANDLINE_PATTERN.test(value);
}

export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const EMAIL_MESSAGE = '请输入正确的电子邮箱';

/** A menu path: our own absolute path, query string allowed. Never a scheme such as javascript:. */
export const MENU_PATH_PATTERN = /^\/(?!\/)[^\s?#]*(\?[^\s#]*)?$/;
export const MENU_PATH_MESSAGE = '菜单路径须以 / 开头，可带查询参数，例如 /form/list/12?type=1';

/** A menu component: a registered page name. */
export const COMPONENT_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** Permission codes: `area:screen[:action]`, comma-separated in sys_menu.perms. */
export const PERM_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*(:[A-Za-z0-9_-]+)*$/;
export const PERMS_MESSAGE = '权限标识格式如 system:user 或 form:12:add，多个用逗号分隔';
export function isPermsList(value: string): boolean {
  return value
    .split(',')
    .map((s) => s.trim())
    .every((s) => s !== '' && s.length <= 100 && PERM_PATTERN.test(s));
}

/** A module address: http(s) or an absolute path on this server. */
export function isSysUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  return /^\/(?![/\\])/.test(value) || /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?([/?#]|$)/i.test(value);
}
export const SYS_URL_MESSAGE = '请输入以 http:// 或 https:// 开头的地址，或以 / 开头的站内路径';

export const DIC_TYPE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
export const DIC_TYPE_CODE_MESSAGE = '类型编码以字母开头，只能包含字母、数字和下划线';
export const DIC_CODE_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
export const DIC_CODE_MESSAGE = '字典项编码只能包含字母、数字和 _ . -';

export const SETTINGS_LIMITS: Record<keyof SecuritySettings, { min: number; max: number; label: string }> = {
  sessionIdleMinutes: { min: 5, max: 1440, label: '会话空闲超时（分钟）' },
  loginFailuresPerMinute: { min: 3, max: 100, label: '每分钟登录失败次数上限' },
  optLogRetentionDays: { min: 30, max: 3650, label: '操作日志保留天数' },
};

/** Modules named in the operation log, for its filter. */
export const OPTLOG_MODULES = [
  '登录',
  '用户管理',
  '组织机构',
  '角色管理',
  '菜单管理',
  '数据字典',
  '系统模块',
  '安全设置',
  '个人中心',
  '消息',
  '文件',
  '表单',
  '流程',
  '企业',
  /** Backups, restores and server commands (issue 28). */
  '系统运维',
  '其他',
] as const;

/** Texts the administration screens share (spec 002 §5, §8). */
export const ADMIN_TEXT = {
  deleteConfirm: '确认删除该记录吗?',
  deleted: '删除成功',
  saved: '保存成功',
  saveConfirm: '确认保存吗？',
  lastAdmin: '不能删除或停用最后一个系统管理员',
  ownRoles: '不能修改自己的角色或所属组织',
  superOnly: '只有系统管理员可以授予、撤销或修改系统管理员',
  roleNameTaken: '角色名称已存在',
  usernameTaken: '用户名已存在',
  sysNameTaken: '系统名称已存在',
  dicTypeTaken: '字典类型编码已存在',
  dicCodeTaken: '同一字典类型下编码已存在',
  orgNameTaken: '同一上级组织下已存在同名组织',
  orgHasChildren: '该组织下存在下级组织，不能删除',
  builtInRole: '系统内置角色不能删除',
  menuHasChildren: '该菜单下存在下级菜单，请先删除下级菜单',
  oldPasswordWrong: '原密码不正确',
  samePassword: '新密码不能与原密码相同',
} as const;

export function orgHasUsersMessage(count: number): string {
  return `该组织下存在 ${count} 个用户，不能删除`;
}

export function dicInUseMessage(count: number): string {
  return `该字典项已被 ${count} 条记录使用，删除后这些记录将无法显示对应名称，确认删除吗？`;
}
