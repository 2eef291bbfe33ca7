import { canonicalPage } from '../../../lib/pageAliases.ts';

/** Chinese names for the screens a menu may open (its `component`). */
const LABELS: Record<string, string> = {
  Home: '首页',
  WaitDoneTask: '待办事项',
  MsgList: '消息中心',
  ExecutingFormTask: '表单任务',
  FormTaskList: '全部任务',
  FormTaskInfo: '任务详情',
  FormCustom: '表单列表页',
  FormManage: '表单管理',
  FormDesign: '表单设计',
  ReportCustom: '报表页',
  ReportManage: '报表管理',
  AutoReport: '自动报表',
  ReportDesign: '报表设计',
  CompanyRegister: '企业注册',
  CompanyManage: '企业管理',
  UserManage: '用户管理',
  OrgManage: '组织机构',
  RoleManage: '角色管理',
  MenuManage: '菜单管理',
  DictManage: '数据字典',
  SysManage: '系统模块',
  OptLog: '操作日志',
  SecuritySettings: '安全设置',
  ChangePassword: '修改密码',
  DeviceManage: '设备管理',
};

/* Screens the catalogue names that later features bring; a menu may point at them already
   (it shows 页面建设中 until they exist). */
const PLANNED = ['CompanyRegister', 'CompanyManage'];
const NOT_FOR_MENUS = new Set(['NotFound', 'Forbidden']);

/** `registered`: the page registry's names (lib/pageNames.ts). */
export function pageOptions(registered: readonly string[], current?: string | null): Array<{ value: string; label: string }> {
  const names = [...new Set([...registered.filter((n) => !NOT_FOR_MENUS.has(n)), ...PLANNED])];
  if (current && !names.includes(current)) names.push(current);
  return names.map((n) => ({ value: n, label: LABELS[n] ? `${LABELS[n]}（${n}）` : n }));
}

export function pageLabel(name: string | null): string {
  if (!name) return '-';
  // An original view name (User, FormCustomV2…) shows the page it opens here.
  const ours = canonicalPage(name) ?? name;
  return LABELS[name] ?? (ours !== name && LABELS[ours] ? `${LABELS[ours]}（${name}）` : name);
}
