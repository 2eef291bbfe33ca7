/**
 * Form record permissions (issue 15), shared by the server's checks and the screens that show them.
 * A role reaches a form's records through the perms of the menus and buttons bound to it:
 * `form:N:view` on the list menu, `form:N:add` … `form:N:export` on its buttons.
 */

export const FORM_ACTIONS = ['view', 'add', 'edit', 'delete', 'import', 'export'] as const;
export type FormAction = (typeof FORM_ACTIONS)[number];

export const FORM_ACTION_LABELS: Record<FormAction, string> = {
  view: '查看',
  add: '新增',
  edit: '编辑',
  delete: '删除',
  import: '导入',
  export: '导出',
};

/** Which records a role's holders reach, within what their company allows. */
export const DATA_SCOPES = ['all', 'org', 'self'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

export const DATA_SCOPE_LABELS: Record<DataScope, string> = {
  all: '全部数据',
  org: '本组织及下级组织的数据',
  self: '仅本人创建的数据',
};

export const FORBIDDEN_TEXT = '您无权执行此操作';

export function formPermission(formId: string | number, action: FormAction): string {
  return `form:${formId}:${action}`;
}

const BREADTH: Record<DataScope, number> = { self: 0, org: 1, all: 2 };

/** Two roles granting the same action: the holder gets the broader of their scopes. */
export function broaderScope(a: DataScope, b: DataScope): DataScope {
  return BREADTH[a] >= BREADTH[b] ? a : b;
}

export function isDataScope(v: unknown): v is DataScope {
  return typeof v === 'string' && (DATA_SCOPES as readonly string[]).includes(v);
}

/** `form:N:action` → its form id and action, or null for any other code. */
export function parseFormPermission(code: string): { formId: string; action: FormAction } | null {
  const m = /^form:(\d{1,18}):([a-z]+)$/.exec(code);
  if (!m || !(FORM_ACTIONS as readonly string[]).includes(m[2]!)) return null;
  return { formId: m[1]!, action: m[2] as FormAction };
}

/** GET /api/form/formActions/{formId}: what the caller may do with the form's records. */
export interface FormActionsReply {
  errCode: 0;
  actions: FormAction[];
}
