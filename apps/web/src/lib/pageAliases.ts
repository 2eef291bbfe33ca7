/**
 * The original client's view names for the pages we have. Its menus name a view in `component`
 * (the file name of the view under its `src/views`), so menus carried over from the original
 * platform open our page for the same screen. docs/api.md lists them.
 */
export const ORIGIN_PAGE_ALIASES: Readonly<Record<string, string>> = {
  // Form list pages: the original's list page, its V2 (advanced settings) page and the embedded ones.
  FormCustomV2: 'FormCustom',
  FormCustomBase: 'FormCustom',
  ThirdFormCustomBase: 'FormCustom',
  AddFormCustom: 'FullCustom',
  ViewFormCustom: 'FormDetail',
  Form: 'FormManage',
  User: 'UserManage',
  Org: 'OrgManage',
  Role: 'RoleManage',
  Menu: 'MenuManage',
  DataDic: 'DictManage',
  Sys: 'SysManage',
  Log: 'OptLog',
  ChangePsw: 'ChangePassword',
  CompanyManager: 'CompanyManage',
};

/** Our registry name for a menu's component: itself, or the page an original view name stands for. */
export function canonicalPage(component: string | null | undefined): string | null {
  if (!component) return null;
  return Object.hasOwn(ORIGIN_PAGE_ALIASES, component) ? ORIGIN_PAGE_ALIASES[component]! : component;
}
