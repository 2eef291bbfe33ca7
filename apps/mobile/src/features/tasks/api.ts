import { get, postForm, type QueryValue } from '../../lib/http.ts';

/** The desktop's approval calls (apps/web/src/features/approval/api.ts; DESIGN.md §10.2). */

export interface TaskRow {
  taskId: number;
  processInstanceId: number | null;
  businessName: string;
  taskCreateTime: string | null;
  taskEndTime: string | null;
  approveStatus: string;
  formName: string | null;
  nodeName: string | null;
  initiatorName: string | null;
  dueTime: string | null;
}

export interface ProcessRow {
  processInstanceId: number;
  businessName: string;
  startTime: string;
  endTime: string | null;
  approveStatus: string;
  formName: string | null;
  currentNodeName: string | null;
}

/** One card of a list, whichever list it comes from. */
export interface TaskCard {
  key: string;
  pid: number | null;
  title: string;
  formName: string | null;
  lines: Array<[string, string]>;
  approveStatus: string | null;
}

export type TaskTab = 'todo' | 'done' | 'started';
export const TASKS_QUERY_ROOT = ['approval'] as const;
export const PAGE_SIZE = 20;

const dash = (v: string | null | undefined) => (v ? v : '-');

export async function queryTaskCards(tab: TaskTab, pageNum: number, signal?: AbortSignal): Promise<{ rows: TaskCard[]; total: number }> {
  if (tab === 'started') {
    const reply = await get<{ processVos?: ProcessRow[]; totalCount?: number }>('/api/flow/self/startprocesslist', { pageNum, pageSize: PAGE_SIZE }, { signal });
    const rows = (reply.processVos ?? []).map((r) => ({
      key: `p-${r.processInstanceId}`,
      pid: r.processInstanceId,
      title: r.businessName,
      formName: r.formName,
      lines: [
        ['当前节点', dash(r.currentNodeName)],
        ['发起时间', dash(r.startTime)],
      ] as Array<[string, string]>,
      approveStatus: r.approveStatus,
    }));
    return { rows, total: Number(reply.totalCount) || 0 };
  }
  const reply = await get<{ taskVos?: TaskRow[]; totalCount?: number }>(`/api/flow/self/${tab}tasklist`, { pageNum, pageSize: PAGE_SIZE }, { signal });
  const rows = (reply.taskVos ?? []).map((r) => ({
    key: `t-${r.taskId}`,
    pid: r.processInstanceId,
    title: r.businessName,
    formName: r.formName,
    lines: (tab === 'todo'
      ? [
          ['当前节点', dash(r.nodeName)],
          ['发起人', dash(r.initiatorName)],
          ['到达时间', dash(r.taskCreateTime)],
          ...(r.dueTime ? [['处理时限', r.dueTime]] : []),
        ]
      : [
          ['处理节点', dash(r.nodeName)],
          ['处理时间', dash(r.taskEndTime)],
        ]) as Array<[string, string]>,
    approveStatus: tab === 'todo' ? null : r.approveStatus,
  }));
  return { rows, total: Number(reply.totalCount) || 0 };
}

export interface CurrentNode {
  nodeId: string;
  nodeName: string;
  resubmit: boolean;
  approveItems: string[];
  commentRequired: boolean;
  allowReturn: boolean;
  allowTransfer: boolean;
  allowAddSign: boolean;
  returnTargets: Array<{ nodeId: string; nodeName: string }>;
}

export interface ApproveDetails {
  list: Array<{ type: string; status: number; realName: string; nodeName: string | null; remark: string | null; approveTime: string; approveItems: Array<{ itemModel: string; itemName?: string; itemValue: unknown }> }>;
  approveStatus: string;
  businessName: string;
  formId: number;
  businessId: number;
  processDefinitionId: number;
  currentTaskId: number | null;
  waitList: Array<{ taskType: number; approveType: number; nodeName: string | null; userList: Array<{ realName: string }>; dueTime: string | null }>;
  currentNode: CurrentNode | null;
  canCancel: boolean;
  canRemind: boolean;
}

export const loadDetails = (pid: number, signal?: AbortSignal) => get<ApproveDetails>(`/api/flow/queryapprovedetails/${pid}`, undefined, { signal });

export async function loadRecordByPid(pid: number, signal?: AbortSignal): Promise<Record<string, unknown>> {
  const reply = await get<{ data?: Record<string, unknown> }>('/api/form/getformdatabypid', { processInstanceId: pid }, { signal });
  return reply.data ?? {};
}

export async function loadFormConfByPdid(pdid: number, signal?: AbortSignal): Promise<{ formId?: unknown; formName?: unknown; formMeta?: unknown }> {
  const reply = await get<{ formConf?: { formId?: unknown; formName?: unknown; formMeta?: unknown } }>('/api/form/formconf/getbypdid', { processDefinitionId: pdid }, { signal });
  return reply.formConf ?? {};
}

type Fields = Record<string, QueryValue | readonly QueryValue[]>;

export const approveTask = (taskId: number, fields: Fields) => postForm<{ errCode: 0 }>(`/api/flow/approvetask/${taskId}`, { ...fields, taskId });
export const disapproveTask = (taskId: number, remark: string) => postForm<{ errCode: 0 }>(`/api/flow/disapprovetask/${taskId}`, { taskId, remark });
export const returnTask = (taskId: number, targetNodeId: string, reapprove: boolean, remark: string) =>
  postForm<{ errCode: 0 }>(`/api/flow/returntask/${taskId}`, { taskId, targetNodeId, reapprove: reapprove ? 1 : 0, remark });
export const transferTask = (taskId: number, userId: string, remark: string) => postForm<{ errCode: 0 }>(`/api/flow/transfertask/${taskId}`, { taskId, userId, remark });

export interface UserOption {
  id: number | string;
  realName?: string;
  username?: string;
}

export async function searchUsers(wd: string, signal?: AbortSignal): Promise<UserOption[]> {
  const reply = await get<{ datas?: UserOption[] }>('/api/user/listUser', { pageNum: 1, pageSize: 20, wd: wd || undefined }, { signal });
  return reply.datas ?? [];
}
