import type {
  ApiOk,
  CodeNameOption,
  CodeTreeNode,
  CodeTreeReply,
  CompanyAdminItem,
  CompanyAdminListReply,
  CompanyStatus,
  CompanyUpdateInput,
  CompanyUserInput,
  CompanyUserItem,
  CompanyUserUpdateInput,
  RegisterDicType,
  RegistrationPayload,
} from '@park/core';
import { get, postJson, type CallOptions } from '../../lib/http.ts';
import { toPageResult, type PagedReply, type PageResult } from '../../lib/paging.ts';
import { isObject, textOf } from '../../controls/common/values.ts';
import type { GisConfig } from '../../controls/place/gis/gisConfig.ts';

/** Enterprise registration and 企业管理 (issue 6), by their catalogue names. */

export const companyKeys = {
  root: ['company'] as const,
  list: ['company', 'list'] as const,
  users: ['company', 'users'] as const,
};

/* Public (/apc): usable before login. */

export type TreeKind = 'region' | 'industry';
const TREE_URL: Record<TreeKind, string> = {
  region: '/apc/company/getAdministrativeDic',
  industry: '/apc/company/getIndustryDic',
};

export async function treeChildren(kind: TreeKind, parentCode: string, signal?: AbortSignal): Promise<CodeTreeNode[]> {
  const reply = await get<CodeTreeReply>(TREE_URL[kind], { parentCode }, { signal });
  return Array.isArray(reply.children) ? reply.children : [];
}

export async function registerDic(typeCode: RegisterDicType, signal?: AbortSignal): Promise<CodeNameOption[]> {
  const reply = await get<ApiOk & { datas: CodeNameOption[] }>('/apc/company/getRegisterDic', { typeCode }, { signal });
  return Array.isArray(reply.datas) ? reply.datas : [];
}

export async function publicGisConfig(signal?: AbortSignal): Promise<GisConfig> {
  const reply = await get<Record<string, unknown>>('/apc/company/gisConfig', undefined, { signal, silent: true });
  const c = isObject(reply.gisConfig) ? reply.gisConfig : {};
  return {
    tileUrl: textOf(c.tileUrl),
    tileSubdomains: textOf(c.tileSubdomains),
    attribution: textOf(c.attribution),
    reverseGeocodeUrl: textOf(c.reverseGeocodeUrl),
    searchUrl: textOf(c.searchUrl),
  };
}

/** Silent: the page shows a failure in its own notice titled 失败. */
export function companyRegistered(body: RegistrationPayload, opts: CallOptions = { silent: true }): Promise<ApiOk> {
  return postJson<ApiOk>('/apc/company/companyRegistered', body, opts);
}

/* 企业管理 (system:company) */

export interface CheckListQuery {
  type?: CompanyStatus;
  companyName?: string;
  pageNum: number;
  pageSize: number;
}

export async function queryAllCheckCompanyInfo(q: CheckListQuery, signal?: AbortSignal): Promise<PageResult<CompanyAdminItem>> {
  return toPageResult(await get<CompanyAdminListReply>('/api/company/queryAllCheckCompanyInfo', { ...q }, { signal }));
}

export function checkCompany(id: number, checkStatus: '1' | '2', reason?: string): Promise<ApiOk> {
  return get<ApiOk>(`/api/company/checkCompany/${id}`, { checkStatus, reason });
}

export function deleteCompanyInfo(id: number, reason?: string): Promise<ApiOk> {
  return postJson<ApiOk>('/api/company/deleteCompanyInfo', { id, reason: reason || null });
}

export function updateCompanyInfo(body: CompanyUpdateInput): Promise<ApiOk> {
  return postJson<ApiOk>('/api/company/updateCompanyInfo', body);
}

export async function queryAllUsersByCompanyId(
  companyId: number,
  pageNum: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<PageResult<CompanyUserItem>> {
  return toPageResult(
    await get<PagedReply<CompanyUserItem>>('/api/company/queryAllUsersByCompanyId', { companyId, pageNum, pageSize }, { signal }),
  );
}

export function addCompanyUser(body: CompanyUserInput): Promise<ApiOk & { id: number; password: string }> {
  return postJson('/api/company/addCompanyUser', body);
}

export function updateCompanyUserInfo(body: CompanyUserUpdateInput): Promise<ApiOk> {
  return postJson('/api/company/updateCompanyUserInfo', body);
}

export function updateCompanyUserStatus(id: number, status: 0 | 1): Promise<ApiOk> {
  return postJson('/api/company/updateCompanyUserStatus', { id, status });
}

export function resetCompanyUserPwd(id: number): Promise<ApiOk & { id: number; password: string }> {
  return postJson('/api/company/resetCompanyUserPwd', { id });
}
