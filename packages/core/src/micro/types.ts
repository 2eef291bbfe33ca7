/*
 * Micro-apps and workbenches (issue 37, screens-round3 §2): the shapes the original's screens send
 * and read, shared by the server, the desktop editor and the mobile client (workbench-contract.md).
 */

/** 功能类型: 0 表单, 1 流程, 2 专项开发. */
export type MicroFunctionType = 0 | 1 | 2;
/** 显示: 0 全部显示, 1 PC端显示, 2 移动端显示. */
export type MicroShowType = 0 | 1 | 2;

export const MICRO_FUNCTION_TYPES: ReadonlyArray<{ value: MicroFunctionType; label: string }> = [
  { value: 0, label: '表单' },
  { value: 1, label: '流程' },
  { value: 2, label: '专项开发' },
];
export const MICRO_SHOW_TYPES: ReadonlyArray<{ value: MicroShowType; label: string }> = [
  { value: 0, label: '全部显示' },
  { value: 1, label: 'PC端显示' },
  { value: 2, label: '移动端显示' },
];

/** The five icon colours of 图标设置 (the original's). */
export const MICRO_ICON_COLORS = ['#409EFF', '#67C23A', '#E6A23C', '#F56C6C', '#909399'] as const;

export interface MicroFunction {
  id: number;
  funName: string;
  type: MicroFunctionType;
  showType: MicroShowType;
  menuUrl: string | null;
  component: string | null;
  /** The form a type 0/1 function opens (ADR 0044; the original put it in menuUrl only). */
  formId: string | null;
  tag: string | null;
  explanation: string | null;
  iconId: string | null;
}

export interface MicroApp {
  id: number;
  appName: string;
  appType: number;
  introduce: string | null;
  tag: string | null;
  iconName: string | null;
  iconBgColor: string | null;
  iconId: string | null;
}

export interface MicroTemplate {
  id: number;
  templateName: string;
  applyIndustry: string | null;
  explanation: string | null;
}

/** 可见范围 entry: type 0 an organisation (with the organisations below it), 1 a person. */
export interface WorkbenchPermission {
  subId: number | string;
  subName: string;
  type: 0 | 1;
}

/** A node of a template's or a workbench's tree, as the original's editor sends and reads it. */
export interface WorkbenchNode {
  id: number | null;
  menuName: string;
  /** 1 group, 2 sub-group, 3 app. */
  level: 1 | 2 | 3;
  /** 1 group, 2 app. */
  type: 1 | 2;
  sort: number;
  permissions?: WorkbenchPermission[];
  children?: WorkbenchNode[];
  appId?: number | null;
  appType?: number | null;
  appIconId?: string | null;
  quickApp?: 0 | 1;
}

/** A function as the mobile client gets it with its app (workbench-contract.md). */
export interface WorkbenchFunction {
  id: number;
  funName: string;
  type: MicroFunctionType;
  showType: MicroShowType;
  menuUrl: string | null;
  component: string | null;
  formId: string | null;
}

export interface WorkbenchApp {
  id: number;
  appName: string;
  introduce: string | null;
  iconName: string | null;
  iconBgColor: string | null;
  tag: string | null;
  functions: WorkbenchFunction[];
}

/** myWorkbench's node: the original's node and, on apps, the app with its functions. */
export interface MyWorkbenchNode {
  id: number;
  menuName: string;
  level: 1 | 2 | 3;
  type: 1 | 2;
  sort: number;
  children: MyWorkbenchNode[];
  appId?: number;
  appType?: number;
  appIconId?: string | null;
  quickApp?: 0 | 1;
  app?: WorkbenchApp;
}

/** An entry of 选择部门与人员 (listTenantOrgStructure): type 0 organisation, 1 person. */
export interface OrgStructureEntry {
  id: number;
  name: string;
  type: 0 | 1;
}

/** The park's own workbench in the calls' tenantId (ADR 0044). */
export const PARK_WORKBENCH_TENANT_ID = '0';
