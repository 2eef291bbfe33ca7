import { MICRO_ICON_COLORS, type WorkbenchNode } from './types.ts';

/* The messages of 功能管理, 微应用管理, 模板管理 and the workbench editor (screens-round3 §2). */
export const MICRO_TEXT = {
  added: '新增成功',
  updated: '修改成功',
  deleted: '删除成功',
  appAdded: '添加微应用成功',
  appUpdated: '更新成功',
  templateAdded: '新增模板成功',
  templateUpdated: '修改模板成功',
  templateDeleted: '删除模板成功',
  chooseToDelete: '请选择要删除的项',
  chooseTemplateToDelete: '请选择需要删除的模板！',
  confirmDeleteFunction: '此操作将永久删除该功能, 是否继续?',
  confirmDeleteApp: '此操作将永久删除该应用, 是否继续?',
  confirmDeleteTemplate: '是否确认删除行业应用模板?',
  confirmCopyTemplate: '确认是否复制该模板?',
  emptyWorkbench: '工作台未含任何分组,自动添加默认分组',
  allVisible: '全部可见！',
  noneVisible: '全部不可见！',
  funNameRequired: '请输入功能名称',
  appNameRequired: '请输入应用名称',
  templateNameRequired: '请输入模板名称',
  formRequired: '表单和流程类功能请选择表单',
  iconColorInvalid: '图标颜色只能是五种预设颜色之一',
  iconNameInvalid: '图标名称不合法',
  iconNotImage: '只能上传jpg/png文件',
  iconTooBig: '上传文件大小不能超过 5M',
  functionMissing: '所选功能不存在或已被删除',
  appMissing: '所选微应用不存在或已被删除',
  functionNotFound: '功能不存在或已被删除',
  appNotFound: '微应用不存在或已被删除',
  templateNotFound: '模板不存在或已被删除',
  tenantNotFound: '租户不存在',
  tooLong: (label: string, max: number) => `${label}不能超过${max}个字符`,
} as const;

/** The four groups an empty workbench starts with (the original's, sort 1–4, visible to all). */
export const DEFAULT_WORKBENCH_GROUPS = ['安全管理', '健康管理', '环保管理', '其他'] as const;

export function defaultWorkbenchGroups(): WorkbenchNode[] {
  return DEFAULT_WORKBENCH_GROUPS.map((menuName, i) => ({ id: null, menuName, level: 1, type: 1, sort: i + 1, permissions: [], children: [] }));
}

export const MICRO_LIMITS = { name: 100, text: 500, tag: 500, url: 500, nodes: 2000, permissions: 500 } as const;
export const ICON_MAX_BYTES = 5 * 1024 * 1024;
export const ICON_SUFFIXES = ['jpg', 'jpeg', 'png'] as const;

export function isIconColor(v: unknown): boolean {
  return typeof v === 'string' && (MICRO_ICON_COLORS as readonly string[]).includes(v.toUpperCase());
}

/** A font icon class: letters, digits, '-' and '_' (it becomes a class name, nothing else). */
export function isIconName(v: unknown): boolean {
  return typeof v === 'string' && /^[A-Za-z][\w-]{0,63}$/.test(v);
}

/** Tags as the tag input keeps them: comma joined, each trimmed, no empties or repeats. */
export function joinTags(tags: readonly string[]): string {
  return [...new Set(tags.map((t) => t.trim()).filter(Boolean))].join(',');
}
export function splitTags(tag: string | null | undefined): string[] {
  return (tag ?? '').split(',').map((t) => t.trim()).filter(Boolean);
}

/** A required name's error, or null. */
export function nameError(value: unknown, requiredMessage: string, label: string, max: number = MICRO_LIMITS.name): string | null {
  if (typeof value !== 'string' || !value.trim()) return requiredMessage;
  if (value.trim().length > max) return MICRO_TEXT.tooLong(label, max);
  return null;
}

export interface TreeCheckOptions {
  /** Visibility is a workbench's; a template's nodes carry none. */
  permissions: boolean;
}

/**
 * Why a workbench or template tree cannot be saved, or null. The rules the editor builds by:
 * level-1 groups hold level-2 sub-groups, which hold level-3 apps; apps only there, each naming an
 * app, once per sub-group. The app ids' existence is the server's check.
 */
export function workbenchTreeError(tree: unknown, opts: TreeCheckOptions): string | null {
  if (!Array.isArray(tree)) return '工作台分组数据不合法';
  let count = 0;
  const walk = (nodes: unknown[], level: 1 | 2 | 3, path: string): string | null => {
    const apps = new Set<string>();
    for (const raw of nodes) {
      if (++count > MICRO_LIMITS.nodes) return `工作台节点不能超过${MICRO_LIMITS.nodes}个`;
      if (typeof raw !== 'object' || raw === null) return '工作台分组数据不合法';
      const n = raw as Partial<WorkbenchNode> & Record<string, unknown>;
      const name = typeof n.menuName === 'string' ? n.menuName.trim() : '';
      const where = path ? `${path} › ${name || '(未命名)'}` : name || '(未命名)';
      if (!name) return level === 3 ? `“${path}”中有未命名的应用` : '分组名称不能为空';
      if (name.length > MICRO_LIMITS.name) return MICRO_TEXT.tooLong('分组名称', MICRO_LIMITS.name);
      if (Number(n.level) !== level) {
        return level === 3 ? `“${where}”层级不正确：应用只能放在二级分组下` : `“${where}”层级不正确：应为第${level}级`;
      }
      const isApp = Number(n.type) === 2;
      if (level === 3 && !isApp) return `“${where}”：二级分组下只能添加应用`;
      if (level < 3 && isApp) return `“${where}”：应用只能添加在二级分组下`;
      if (!isApp && Number(n.type) !== 1) return `“${where}”类型不正确`;
      if (n.sort !== undefined && n.sort !== null && !Number.isInteger(Number(n.sort))) return `“${where}”排序不合法`;
      if (isApp) {
        const appId = String(n.appId ?? '');
        if (!/^[1-9]\d{0,17}$/.test(appId)) return `“${where}”未指定微应用`;
        if (apps.has(appId)) return `“${where}”在同一分组中重复`;
        apps.add(appId);
        if (n.quickApp !== undefined && n.quickApp !== null && ![0, 1].includes(Number(n.quickApp))) return `“${where}”快捷应用标记不合法`;
        if (Array.isArray(n.children) && n.children.length > 0) return `“${where}”：应用下不能再有分组`;
      }
      if (n.permissions !== undefined && n.permissions !== null) {
        if (!Array.isArray(n.permissions)) return `“${where}”可见范围不合法`;
        if (!opts.permissions && n.permissions.length > 0) return '模板不设置可见范围';
        if (n.permissions.length > MICRO_LIMITS.permissions) return `“${where}”可见范围过多`;
        for (const p of n.permissions as unknown[]) {
          const e = p as Record<string, unknown> | null;
          if (!e || ![0, 1].includes(Number(e.type)) || !/^[1-9]\d{0,17}$/.test(String(e.subId ?? '')) || typeof e.subName !== 'string') {
            return `“${where}”可见范围不合法`;
          }
        }
      }
      if (!isApp && n.children !== undefined && n.children !== null) {
        if (!Array.isArray(n.children)) return '工作台分组数据不合法';
        if (level === 1 && n.children.length > 0) {
          const e = walk(n.children, 2, where);
          if (e) return e;
        } else if (level === 2 && n.children.length > 0) {
          const e = walk(n.children, 3, where);
          if (e) return e;
        }
      }
    }
    return null;
  };
  return walk(tree, 1, '');
}

/** Every app id a tree names (for the server's existence check). */
export function treeAppIds(tree: readonly WorkbenchNode[]): string[] {
  const ids = new Set<string>();
  const walk = (nodes: readonly WorkbenchNode[]) => {
    for (const n of nodes) {
      if (Number(n.type) === 2 && n.appId != null) ids.add(String(n.appId));
      if (n.children) walk(n.children);
    }
  };
  walk(tree);
  return [...ids];
}

export function isIconColorOrEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || isIconColor(v);
}
