import type { AddTenantReply, TenantInput, TenantRow } from '@park/core';
import { get, postForm } from '../../../lib/http.ts';
import { toPageResult, type PagedReply, type PageResult } from '../../../lib/paging.ts';

/** 租户信息's calls (issue 36), by their catalogue names. */

export const TENANT_QUERY_ROOT = ['tenant', 'manage'] as const;

export interface TenantFilters {
  tenantName?: string;
  industry?: string;
  phone?: string;
  /** 1 已启用, 0 已禁用; absent for 全部. */
  status?: 0 | 1;
}

export async function listTenant(f: TenantFilters, pageNum: number, pageSize: number, signal?: AbortSignal): Promise<PageResult<TenantRow>> {
  return toPageResult(await get<PagedReply<TenantRow>>('/api/user/listTenant', { ...f, pageNum, pageSize }, { signal }));
}

export function addTenant(input: TenantInput): Promise<AddTenantReply> {
  return postForm<AddTenantReply>('/api/user/addTenant', { ...input });
}

export function updateTenant(input: TenantInput): Promise<unknown> {
  return postForm('/api/user/updateTenant', { ...input });
}

export function changeTenantStatus(id: number, status: 0 | 1): Promise<unknown> {
  return postForm('/api/user/changeTenantStatus', { id, status });
}

export async function tenantNameTaken(tenantName: string, id?: number): Promise<boolean> {
  return (await get<{ exists: boolean }>('/api/user/checkByTenantName', { tenantName, id })).exists;
}

export async function tenantPhoneTaken(phone: string): Promise<boolean> {
  return (await get<{ exists: boolean }>('/api/user/checkByTenantPhone', { phone })).exists;
}
