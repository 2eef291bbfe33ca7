import type { FlowNode } from '@park/core';
import { get, postForm, postJson, type QueryValue } from '../../lib/http.ts';
import type { PageResult } from '../../lib/paging.ts';

/** The approval calls (DESIGN.md §10.2, docs/api.md "Approvals"). */

export interface TaskRow {
  id: number;
  taskId: number;
  processInstanceId: number | null;
  processDefinitionId: number | null;
  businessName: string;
  taskCreateTime: string | null;
  taskEndTime: string | null;
  startTime: string | null;
  endTime: string | null;
  approveStatus: string;
  formId: number | null;
  formName: string | null;
  businessId: number | null;
  nodeName: string | null;
  initiatorName: string | null;
  action: string | null;
  dueTime: string | null;
}

export interface ProcessRow {
  id: number;
  processInstanceId: number;
  businessName: string;
  startTime: string;
  endTime: string | null;
  approveStatus: string;
  formName: string | null;
  currentNodeName: string | null;
}

export type TaskListKind = 'todo' | 'done' | 'cc';
export const APPROVAL_QUERY_ROOT = ['approval'] as const;

export async function queryTasks(kind: TaskListKind, pageNum: number, pageSize: number, signal?: AbortSignal): Promise<PageResult<TaskRow>> {
  const reply = await get<{ taskVos?: Omit<TaskRow, 'id'>[]; totalCount?: number }>(`/api/flow/self/${kind}tasklist`, { pageNum, pageSize }, { signal });
  return { rows: (reply.taskVos ?? []).map((r) => ({ ...r, id: r.taskId })), total: Number(reply.totalCount) || 0 };
}

export async function queryStarted(pageNum: number, pageSize: number, signal?: AbortSignal): Promise<PageResult<ProcessRow>> {
  const reply = await get<{ processVos?: Omit<ProcessRow, 'id'>[]; totalCount?: number }>('/api/flow/self/startprocesslist', { pageNum, pageSize }, { signal });
  return { rows: (reply.processVos ?? []).map((r) => ({ ...r, id: r.processInstanceId })), total: Number(reply.totalCount) || 0 };
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
export const addSignTask = (taskId: number, userId: string, position: 'before' | 'after', remark: string) =>
  postForm<{ errCode: 0 }>(`/api/flow/addsigntask/${taskId}`, { taskId, userId, position, remark });
export const remindProcess = (pid: number) => get<{ errCode: 0; reminded: number }>(`/api/flow/processremind/${pid}`);
export const cancelProcess = (pid: number) => get<{ errCode: 0 }>(`/api/flow/processcancel/${pid}`);

export async function isFlowDeployed(formId: number, signal?: AbortSignal): Promise<boolean> {
  const reply = await get<{ deployed?: boolean }>(`/api/flow/flowconf/deployed/${formId}`, undefined, { signal, silent: true });
  return reply.deployed === true;
}

export const startFormFlow = (formId: number, fields: Record<string, unknown>) =>
  postJson<{ businessId: number; processInstanceId: number }>(`/api/form/startformflow/${formId}`, fields);

/** A listed record's latest approval, and whether the caller's 编辑 and 删除 are refused while it runs (ADR 0026). */
export interface RecordStatus {
  businessId: number;
  approveStatus: string;
  processInstanceId: number;
  editLocked?: boolean;
  deleteLocked?: boolean;
}

export async function recordStatuses(formId: number, businessIds: number[], signal?: AbortSignal): Promise<Map<number, RecordStatus>> {
  if (businessIds.length === 0) return new Map();
  const reply = await get<{ list?: RecordStatus[] }>('/api/flow/recordstatus', { formId, businessIds: businessIds.join(',') }, { signal, silent: true });
  return new Map((reply.list ?? []).map((r) => [r.businessId, r]));
}

// Design
export interface FlowConf {
  modelId: number;
  nodeConfig: FlowNode;
  version: number;
  processDefinitionId: number | null;
}
export async function loadFlowConf(formId: number, signal?: AbortSignal): Promise<FlowConf | null> {
  const reply = await get<{ flowConf?: FlowConf | null }>(`/api/flow/flowconf/getFlowConfByFormId/${formId}`, undefined, { signal });
  return reply.flowConf ?? null;
}
export const createModel = (formId: number, formName: string) => get<{ modelId: number }>('/api/flow/flowconf/createmodel', { formId, formName });
export const saveFlow = (modelId: number, nodeConfig: FlowNode) => postJson<{ nodeConfig: FlowNode }>('/api/flow/flowconf/save', { modelId, nodeConfig });
export const deployFlow = (modelId: number) => get<{ version: number; processDefinitionId: number }>('/api/flow/deployprocessdef', { modelId });
