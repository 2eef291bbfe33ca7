import type { AllotKind, AllotTaskStatus, AllotTenantsReply, FormDependsReply, PlatFormConfRow } from '@park/core';
import { get, postForm } from '../../../lib/http.ts';
import { toPageResult, type PagedReply, type PageResult } from '../../../lib/paging.ts';

/** 表单分配's calls (issue 36), by their catalogue names. */

export const ALLOT_QUERY_ROOT = ['tenant', 'formAllot'] as const;

export async function queryPlatFormConf(pageNum: number, pageSize: number, signal?: AbortSignal): Promise<PageResult<PlatFormConfRow>> {
  return toPageResult(await get<PagedReply<PlatFormConfRow>>('/api/form/tenant/queryPlatFormConf', { pageNum, pageSize }, { signal }));
}

export function analyzeFormDepends(formIds: number[], signal?: AbortSignal): Promise<FormDependsReply> {
  return get<FormDependsReply>('/api/form/tenant/analyzeFormDepends', { formIds: formIds.join(',') }, { signal });
}

export function queryAllotTenants(formId: number): Promise<AllotTenantsReply> {
  return postForm<AllotTenantsReply>(`/api/form/tenant/queryAllotTenants/${formId}`, {});
}

const RUN_URL: Record<AllotKind, string> = {
  allot: '/api/form/tenant/formAllotTenants',
  sync: '/api/form/tenant/syncFormConf',
};

/** formAllotTenants / syncFormConf: starts the run, answers its key. */
export async function startRun(kind: AllotKind, formId: number, tenantIds: number[]): Promise<string> {
  const r = await get<{ syncFormTaskKey: string }>(RUN_URL[kind], { formId, tenantIds: tenantIds.join(',') });
  return r.syncFormTaskKey;
}

export async function syncFormConfStatus(key: string): Promise<AllotTaskStatus> {
  const r = await postForm<{ data: AllotTaskStatus }>(`/api/form/tenant/syncFormConf/status/${key}`, {});
  return r.data;
}
