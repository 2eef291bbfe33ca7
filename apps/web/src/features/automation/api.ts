import type { ApiOk, ExecutionDetailReply, ExecutionRow, FlowListRow } from '@park/core';
import { get } from '../../lib/http.ts';
import { toPageResult, type PagedReply, type PageResult } from '../../lib/paging.ts';

/** The automation calls (DESIGN.md §10.1). */
export const automationKeys = {
  executions: ['automation', 'executions'] as const,
  execution: (id: number) => ['automation', 'execution', id] as const,
  flows: ['automation', 'flows'] as const,
};

export interface ExecutionFilters {
  flowId?: number;
  status?: string;
  recordId?: string;
}

export async function queryExecutions(q: ExecutionFilters & { pageNum: number; pageSize: number }, signal?: AbortSignal): Promise<PageResult<ExecutionRow>> {
  return toPageResult(await get<PagedReply<ExecutionRow>>('/api/automation/execution/query', { ...q }, { signal }));
}

export const getExecution = (id: number, signal?: AbortSignal) => get<ExecutionDetailReply>(`/api/automation/execution/getbyid/${id}`, undefined, { signal });

export const retryExecution = (id: number) => get<ApiOk>(`/api/automation/execution/retry/${id}`);

export async function queryFlows(signal?: AbortSignal): Promise<FlowListRow[]> {
  return (await get<PagedReply<FlowListRow>>('/api/automation/flow/query', { pageNum: 1, pageSize: 200 }, { signal })).datas;
}
