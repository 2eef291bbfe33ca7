import type { ApiOk, FlowListRow, FlowNode, Recipient } from '@park/core';
import { get, postJson } from '../../../lib/http.ts';
import { toPageResult, type PagedReply, type PageResult } from '../../../lib/paging.ts';

/** The designer's calls: the engine's (DESIGN.md §10.1) and its own (docs/api.md 自动化设计). */

export interface FlowManageRow extends FlowListRow {
  lastRunTime: string | null;
  lastRunStatus: string | null;
  failedLastDay: number;
}

export async function queryFlowRows(q: { pageNum: number; pageSize: number; flowName?: string }, signal?: AbortSignal): Promise<PageResult<FlowManageRow>> {
  return toPageResult(await get<PagedReply<FlowManageRow>>('/api/automation/designer/flows', { ...q }, { signal }));
}

export interface SavedFlow {
  id: number;
  flowName: string;
  formId: number;
  event: string;
  status: number;
  version: number;
  nodeConfig: FlowNode;
}

export const getFlow = async (id: number, signal?: AbortSignal) => (await get<ApiOk & { flow: SavedFlow }>(`/api/automation/flow/getbyid/${id}`, undefined, { signal })).flow;

/** A new flow is sent without an id (the save call takes none for a new flow). */
export const saveFlow = ({ id, ...body }: { id: number | null; flowName: string; nodeConfig: FlowNode }) =>
  postJson<ApiOk & { id: number; version: number; nodeConfig: FlowNode; warnings: string[] }>('/api/automation/flow/save', id === null ? body : { id, ...body }, { silent: true });

export const enableFlow = (id: number, status: 0 | 1) => get<ApiOk>(`/api/automation/flow/enable/${id}`, { status });
export const deleteFlow = (id: number) => get<ApiOk>(`/api/automation/designer/delete/${id}`);

/* Forms the user may access (spec 001 §6), 10 a page (§9). */
export interface FormRow {
  formId: number;
  formName: string;
  designed: boolean;
  groupName: string | null;
}

export async function queryForms(q: { formName?: string; pageNum: number; pageSize: number }, signal?: AbortSignal): Promise<PageResult<FormRow>> {
  return toPageResult(await get<PagedReply<FormRow>>('/api/form/formconf/queryandpermission', { ...q, formType: 0 }, { signal }));
}

/** A form's design; null when it has none (表单ID(n): 暂未进行相关的表单设计). */
export async function getFormMeta(formId: number | string, signal?: AbortSignal): Promise<{ formName: string; formMeta: string } | null> {
  const r = await get<ApiOk & { formConf: { formName: string; formMeta: string } }>(`/api/form/formconf/getbyid/${formId}`, undefined, { signal, silent: true }).catch(() => null);
  return r?.formConf ?? null;
}

/** Records of a form for the dry run and the recipient preview: newest first. */
export async function queryRecords(formId: number, q: { pageNum: number; pageSize: number }, signal?: AbortSignal): Promise<PageResult<Record<string, unknown>>> {
  return toPageResult(
    await postJson<PagedReply<Record<string, unknown>>>('/api/form/queryformdata', { formId, ...q, sort: { key: 'id', sort: 'desc' } }, { signal }),
  );
}

export interface DryRunEffect {
  nodeId: string;
  nodeName: string;
  kind?: 'form' | 'message';
  action?: string;
  formId?: string;
  values?: Record<string, unknown>;
  matched?: Array<{ id: string | number; before?: Record<string, unknown>; after?: Record<string, unknown> } | string | number>;
  receivers?: Array<string | number>;
  title?: string;
  content?: string;
  menuUrl?: string;
  error?: string;
  [extra: string]: unknown;
}

export interface DryRunReply {
  path: Array<{ nodeId: string; nodeName: string; type: number }>;
  effects: DryRunEffect[];
}

export const dryRun = (body: { nodeConfig: FlowNode; businessId: number; event: string }) =>
  postJson<ApiOk & DryRunReply>('/api/automation/flow/dryrun', body, { long: true });

export interface UserBrief {
  id: number;
  realName: string;
  username: string;
  orgName: string | null;
}

export const usersByIds = async (ids: Array<string | number>) =>
  ids.length === 0 ? [] : (await get<ApiOk & { users: UserBrief[] }>('/api/automation/designer/users', { ids: ids.join(',') })).users;

export const previewRecipients = (body: { formId: number; businessId: number; recipient: Recipient }) =>
  postJson<ApiOk & { receivers: UserBrief[]; error: string | null }>('/api/automation/designer/recipientPreview', body);
