import { get } from '../../lib/http.ts';
import { MY_WORKBENCH_URL } from '../../boot/earlyCalls.ts';

/**
 * The caller's workbench (workbench-contract.md; the micro module's GET
 * /api/micro/workbench/myWorkbench, pruned on the server to what the caller may see). Types are
 * the contract's; only functions shown on phones are sent (MY_WORKBENCH_URL asks ?client=mobile).
 */

/** 0 表单, 1 流程, 2 专项开发. */
export type FunctionType = 0 | 1 | 2;

export interface WorkbenchFunction {
  id: number;
  funName: string;
  type: FunctionType;
  /** 0 全部, 1 PC, 2 移动端. */
  showType: 0 | 1 | 2;
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

export interface WorkbenchNode {
  id: number;
  menuName: string;
  /** 1 group, 2 sub-group, 3 app. */
  level: 1 | 2 | 3;
  /** 1 group, 2 app. */
  type: 1 | 2;
  sort: number;
  children: WorkbenchNode[];
  appId?: number;
  appType?: number;
  appIconId?: number | null;
  quickApp?: 0 | 1;
  app?: WorkbenchApp;
}

export const WORKBENCH_QUERY_KEY = ['workbench', 'mine'] as const;

/** Silent: the page says it failed in place of the groups, the counters above still work. */
export async function myWorkbench(signal?: AbortSignal): Promise<WorkbenchNode[]> {
  const reply = await get<{ datas?: WorkbenchNode[] }>(MY_WORKBENCH_URL, undefined, { signal, silent: true });
  return Array.isArray(reply.datas) ? reply.datas : [];
}
