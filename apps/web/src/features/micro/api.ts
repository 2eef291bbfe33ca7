import type { ApiOk, MicroApp, MicroFunction, MicroTemplate, OrgStructureEntry, WorkbenchNode } from '@park/core';
import { get, postForm, postJson } from '../../lib/http.ts';
import { toPageResult, type PagedReply, type PageResult } from '../../lib/paging.ts';

/** The /api/micro/… calls (issue 37) by the original's catalogue names and shapes. */

export const microKeys = {
  functions: ['micro', 'functions'] as const,
  apps: ['micro', 'apps'] as const,
  templates: ['micro', 'templates'] as const,
  workbench: (tenantId: string) => ['micro', 'workbench', tenantId] as const,
};

export interface FunctionQuery {
  funName?: string;
  tag?: string;
  type?: number;
}
export async function listMicroAppFunction(pageNum: number, pageSize: number, q: FunctionQuery, signal?: AbortSignal): Promise<PageResult<MicroFunction>> {
  return toPageResult(await get<PagedReply<MicroFunction>>('/api/micro/function/list', { pageNum, pageSize, ...q }, { signal }));
}
export async function getMicroAppFunction(id: number): Promise<MicroFunction> {
  return (await get<ApiOk & { microAppFunction: MicroFunction }>('/api/micro/function/get', { id })).microAppFunction;
}
export type FunctionFields = Record<string, string | number | null | undefined>;
export const addMicroAppFunction = (f: FunctionFields) => postForm<ApiOk>('/api/micro/function/add', f);
export const updateMicroAppFunction = (f: FunctionFields) => postForm<ApiOk>('/api/micro/function/update', f);
export const deleteMicroAppFunction = (ids: number[]) => postForm<ApiOk>('/api/micro/function/delete', { ids: ids.join(',') });
export async function listMicroAppFunctionByAppId(appId: number): Promise<MicroFunction[]> {
  return (await get<ApiOk & { datas: MicroFunction[] }>('/api/micro/function/listByAppId', { appId })).datas;
}

export interface AppQuery {
  appName?: string;
  introduce?: string;
  tag?: string;
}
export async function listMicroApp(pageNum: number, pageSize: number, q: AppQuery, signal?: AbortSignal): Promise<PageResult<MicroApp>> {
  return toPageResult(await get<PagedReply<MicroApp>>('/api/micro/app/list', { pageNum, pageSize, ...q }, { signal }));
}
export async function getMicroApp(id: number): Promise<MicroApp> {
  return (await get<ApiOk & { microApp: MicroApp }>('/api/micro/app/get', { id })).microApp;
}
export const addMicroApp = (f: FunctionFields) => postForm<ApiOk>('/api/micro/app/add', f);
export const updateMicroApp = (f: FunctionFields) => postForm<ApiOk>('/api/micro/app/update', f);
export const deleteMicroApp = (ids: number[]) => postForm<ApiOk>('/api/micro/app/delete', { ids: ids.join(',') });

export interface TemplateQuery {
  templateName?: string;
  applyIndustry?: string;
  explanation?: string;
}
/** queryMicroAppTemplate answers `count`, not totalCount. */
export async function queryMicroAppTemplate(pageNum: number, pageSize: number, q: TemplateQuery, signal?: AbortSignal): Promise<PageResult<MicroTemplate>> {
  const r = await get<ApiOk & { datas: MicroTemplate[]; count: number }>('/api/micro/template/queryMicroAppTemplate', { pageNum, pageSize, ...q }, { signal });
  return { rows: r.datas ?? [], total: Number(r.count) || 0 };
}
/** The original writes templates with GET. */
export const addMicroAppTemplate = (f: FunctionFields) => get<ApiOk>('/api/micro/template/addMicroAppTemplate', f);
export const updateMicroAppTemplate = (f: FunctionFields) => get<ApiOk>('/api/micro/template/updateMicroAppTemplate', f);
export const deleteMicroAppTemplate = (ids: number[]) => get<ApiOk>('/api/micro/template/deleteMicroAppTemplate', { ids: ids.join(',') });
export const saveTemplateMenu = (templateId: number, templateMenus: WorkbenchNode[]) => postJson<ApiOk>('/api/micro/template/saveTemplateMenu', { templateId, templateMenus });
export async function queryTemplateMenuTreeByTemplateId(id: number): Promise<WorkbenchNode[]> {
  return (await get<ApiOk & { datas: WorkbenchNode[] }>(`/api/micro/template/queryTemplateMenuTreeByTemplateId/${id}`)).datas ?? [];
}

export async function queryWorkbenchTreesByTenantId(tenantId: string): Promise<WorkbenchNode[]> {
  return (await get<ApiOk & { datas: WorkbenchNode[] }>(`/api/micro/workbench/queryWorkbenchTreesByTenantId/${tenantId}`)).datas ?? [];
}
export const saveWorkbench = (tenantId: string, workbenchMenus: WorkbenchNode[]) => postJson<ApiOk>('/api/micro/workbench/saveWorkbench', { tenantId, workbenchMenus });

export async function listTenantOrgStructure(tenantId: string, orgId: number | null): Promise<OrgStructureEntry[]> {
  return (await get<ApiOk & { list: OrgStructureEntry[] }>('/api/user/listTenantOrgStructure', { tenantId, orgId: orgId ?? undefined })).list ?? [];
}

/** Park forms for a function's 表单 (表单管理's list). */
export async function listParkForms(formName: string | undefined, signal?: AbortSignal): Promise<Array<{ formId: number; formName: string }>> {
  const r = await get<PagedReply<{ formId: number; formName: string }>>('/api/form/formconf/query', { pageNum: 1, pageSize: 50, formName }, { signal });
  return r.datas ?? [];
}
