import type { ApiOk } from '@park/core';
import { get, postJson, type CallOptions } from '../../lib/http.ts';
import { toPageResult, type PagedReply, type PageResult } from '../../lib/paging.ts';

/** Form management calls (issue 9 §1), by the catalogue's names where it has them. */

export const FORM_MANAGE_ROOT = ['formManage'] as const;
export const formKeys = {
  groups: [...FORM_MANAGE_ROOT, 'groups'] as const,
  forms: [...FORM_MANAGE_ROOT, 'forms'] as const,
};

export interface FormGroup {
  id: number;
  groupName: string;
  orderIndex: number;
}

export interface FormConfRow {
  formId: number;
  formName: string;
  formType: string;
  groupId: number | null;
  groupName: string | null;
  /** 0 enabled, 1 disabled. */
  status: number;
  /** Whether a design was saved (the form has its tables). */
  designed: boolean;
  createTime: string;
  updateTime: string;
}

export interface FormListQuery {
  pageNum: number;
  pageSize: number;
  formName?: string;
  /** 0: forms in no group. */
  groupId?: number;
  status?: 0 | 1;
}

export async function listFormGroup(signal?: AbortSignal): Promise<FormGroup[]> {
  return (await get<ApiOk & { datas: FormGroup[] }>('/api/form/formgroup/query', undefined, { signal })).datas;
}
export const addFormGroup = (groupName: string) => postJson<ApiOk & { id: number }>('/api/form/formgroup/insert', { groupName });
export const updateFormGroup = (id: number, groupName: string) => postJson<ApiOk>('/api/form/formgroup/update', { id, groupName });
export const deleteFormGroup = (id: number) => get<ApiOk>('/api/form/formgroup/delete', { id });

export async function listFormConf(q: FormListQuery, signal?: AbortSignal): Promise<PageResult<FormConfRow>> {
  return toPageResult(await get<PagedReply<FormConfRow>>('/api/form/formconf/query', { ...q }, { signal }));
}

/** New form (no formId), or rename / move: groupId undefined keeps the group, null takes it out. */
export const saveFormConf = (body: { formId?: number; formName: string; groupId?: number | null }) =>
  postJson<ApiOk & { formId: number }>('/api/form/formconf/save', body);

export const copyFormConf = (body: { formId: number; formName: string; groupId: number | null }) =>
  postJson<ApiOk & { formId: number; formName: string }>('/api/form/formconf/copy', body);

export const setFormEnabled = (formId: number, enabled: boolean) =>
  get<ApiOk>(`/api/form/formconf/${enabled ? 'enable' : 'disable'}`, { formId });

/** deleted false: the form holds records and was disabled instead; `message` says so. */
export interface DeleteFormReply extends ApiOk {
  deleted: boolean;
  status?: number;
  /** Names of the menu entries of the form's list page, deleted with it. */
  removedMenus?: string[];
  message: string;
}
export const deleteFormConf = (formId: number, opts?: CallOptions) =>
  postJson<DeleteFormReply>('/api/form/formconf/delete', { formId }, opts);
