import type { ApiOk, TenantRow } from '@park/core';
import { get, postJson } from '../../lib/http.ts';

/** 公告 calls (issue 38): the original's /api/user/…Notice… and ours under /api/notice/. */
export interface NoticeRow {
  id: number;
  kind: number;
  tenantId: string | null;
  companyName: string | null;
  title: string;
  noticeType: string;
  smsNotify: boolean;
  status: number;
  publishTime: string | null;
  createTime: string;
  count: number;
  unReadNum: number;
  readSummary: string;
  delivering: boolean;
}
export interface NoticeDetail {
  id: number;
  kind: number;
  tenantId: string | null;
  title: string;
  noticeType: string;
  content: string;
  backgroundFileId: string | null;
  backgroundKey: string | null;
  smsNotify: boolean;
  status: number;
  publishTime: string | null;
  files: Array<{ id?: string; original_name?: string; fileId?: number; fileName?: string }>;
  blackList?: string[];
  orgIds?: string[];
  userIds?: string[];
}
export interface Reader { userId: number; realName: string; phone: string | null; companyName: string; orgName: string; read: boolean; readTime: string | null }
export interface MyNotice { id: number; title: string; noticeType: string; companyName: string | null; publishTime: string | null; read: boolean }

export const noticeKeys = { list: (kind: number) => ['notice', 'list', kind] as const, mine: ['notice', 'mine'] as const, sms: ['notice', 'sms'] as const };

export const listNotices = (kind: number, pageNum: number, pageSize: number, q: { title?: string; noticeType?: string }) =>
  get<ApiOk & { totalCount: number; datas: NoticeRow[] }>(kind === 0 ? '/api/user/queryNotice' : '/api/user/queryEnterpriseNoticeForPlatForm', { pageNum, pageSize, ...q });
export const getNotice = async (id: number) => (await get<ApiOk & { data: NoticeDetail }>('/api/notice/get', { id })).data;
export const saveNotice = (kind: number, body: Record<string, unknown>) => postJson<ApiOk & { id: number }>(kind === 0 ? '/api/user/saveNotice' : '/api/user/saveNoticeForTenant', body);
export const saveOwnNotice = (body: Record<string, unknown>) => postJson<ApiOk & { id: number }>('/api/user/saveNotice', body);
export const deleteNotices = (ids: number[]) => postJson<ApiOk>('/api/user/batchDeleteNotice', { ids: ids.join(',') });
export const publishNotice = (id: number, publishTime?: string) => postJson<ApiOk>('/api/notice/publish', publishTime ? { id, timing: 1, publishTime } : { id });
export const withdrawNotice = (id: number) => postJson<ApiOk>('/api/notice/withdraw', { id });
export const readers = async (id: number, read?: 0 | 1) => (await get<ApiOk & { data: Reader[] }>('/api/notice/readers', { id, read })).data;
export const readersExportUrl = (id: number, read?: 0 | 1) => `/api/notice/readers/export?id=${id}${read === undefined ? '' : `&read=${read}`}`;
export const myNotices = (pageNum: number, pageSize: number) => get<ApiOk & { totalCount: number; unReadNum: number; datas: MyNotice[] }>('/api/notice/mine', { pageNum, pageSize });
export const readNotice = async (id: number) => (await get<ApiOk & { data: NoticeDetail }>('/api/notice/read', { id })).data;
export interface SmsSetting { gateway: { configured: boolean; provider: string }; variables: string[]; templates: Array<{ id: string; name: string; content: string; is_default: boolean }> }
export const smsSetting = async () => (await get<ApiOk & { data: SmsSetting }>('/api/notice/sms/setting')).data;
export const saveSmsTemplate = (b: Record<string, unknown>) => postJson<ApiOk>('/api/notice/sms/template/save', b);
export const testSms = (phone: string, content: string) => postJson<ApiOk>('/api/notice/sms/test', { phone, content });
export const smsLog = (pageNum: number, pageSize: number, q: { phone?: string; status?: string }) =>
  get<ApiOk & { totalCount: number; datas: Array<{ id: number; phone: string; content: string; status: string; error: string | null; create_time: string; sent_time: string | null }> }>('/api/notice/sms/log', { pageNum, pageSize, ...q });
/** The tenants a park writer may address a 企业公告 to (租户信息's list). */
export const tenantOptions = async () =>
  (await get<ApiOk & { datas: TenantRow[] }>('/api/user/listTenant', { pageNum: 1, pageSize: 500 })).datas.map((t) => ({ value: String(t.id), label: t.tenantName }));
/** 选择现有的背景图片: uploaded backgrounds earlier notices of this kind (and tenant) used. */
export const usedBackgrounds = async (kind: number, tenantId?: string) =>
  (await get<ApiOk & { datas: Array<{ fileId: string; fileName: string }> }>(kind === 0 ? '/api/user/queryPlatFormNoticeUsedBackground' : `/api/user/queryEnterpriseNoticeUsedBackground${tenantId ? `/${encodeURIComponent(tenantId)}` : ''}`)).datas;
