import type { ApiOk, DocSource, DocTreeKind, DocTreeNode } from '@park/core';
import { get, postJson } from '../../lib/http.ts';
import { fileUrls } from '../preview/api.ts';

/** 文件库 calls (issue 38, ADR 0052), under the original's names. */
export interface DocRow {
  fileExtendId: number;
  fileId: number;
  originalName: string;
  fileType: string;
  uploadTime: string;
  userName: string | null;
  realName: string | null;
  tenantId: number | null;
  tenantName: string | null;
  classification: string;
  classificationId: number;
  fileLabel: string;
  fileLabelId: string;
}
export interface DocQuery { originalName?: string; classificationId?: number; fileType?: string; bt?: string; et?: string; tenantId?: string; realName?: string }

const LIST_URL: Record<DocSource, string> = {
  0: '/api/file/queryShareDocForPlatForm',
  1: '/api/file/queryEnterpriseDocForPlatForm',
  2: '/api/file/queryPersonalDocForPlatForm',
};
export const docKeys = { list: (source: DocSource) => ['doc', 'list', source] as const, tree: (kind: DocTreeKind) => ['doc', 'tree', kind] as const };

export const listDocs = (source: DocSource, pageNum: number, pageSize: number, q: DocQuery) =>
  get<ApiOk & { totalCount: number; datas: DocRow[] }>(LIST_URL[source], { pageNum, pageSize, order: 1, ...q });
export const saveDoc = (body: Record<string, unknown>) => postJson<ApiOk & { id: number }>('/api/file/saveFileExtend', body);
export const deleteDocs = (ids: number[]) => get<ApiOk>('/api/file/batchDeleteFileExtend', { ids: ids.join(',') });
export const docBlackList = async (fileId: number) =>
  (await get<ApiOk & { datas: Array<{ tenantId: number; tenantName: string }> }>(`/api/file/queryFileTenantBlackLisByFileId/${fileId}`)).datas;

const TREE_URL: Record<DocTreeKind, { list: string; add: string; update: string; remove: string }> = {
  classification: { list: '/api/file/listFileClassification', add: '/api/file/addFileClassification', update: '/api/file/updateFileClassification', remove: '/api/file/batchDeleteFileClassification' },
  tag: { list: '/api/user/listTag', add: '/api/user/addTag', update: '/api/user/updateTag', remove: '/api/user/batchDeleteTag' },
};
export const listTree = async (kind: DocTreeKind, source: DocSource, tenantId?: string) =>
  (await get<ApiOk & { children: DocTreeNode[] }>(TREE_URL[kind].list, { source, tenantId })).children;
export const saveTreeNode = (kind: DocTreeKind, body: Record<string, unknown>) =>
  postJson<ApiOk & { id: number }>(body.id ? TREE_URL[kind].update : TREE_URL[kind].add, { typeCode: 'classification', ...body });
export const deleteTreeNodes = (kind: DocTreeKind, ids: number[]) => get<ApiOk>(TREE_URL[kind].remove, { ids: ids.join(',') });
export const fileDownloadUrl = (fileId: number) => `/api/file/download/${fileId}`;
export const filePreviewUrl = (fileId: number) => fileUrls.page(fileId);
