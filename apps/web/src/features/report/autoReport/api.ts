import type { AutoReportFrequency, AutoReportRecipients, AutoReportTarget } from '@park/core';
import { get, postJson } from '../../../lib/http.ts';

export interface AutoReportView {
  id: number;
  name: string;
  reportId: number;
  reportName: string;
  reportKind: string;
  target: AutoReportTarget;
  widgetId: string | null;
  frequency: AutoReportFrequency;
  frequencyText: string;
  recipients: AutoReportRecipients;
  enabled: boolean;
  ownerName: string;
}

export interface AutoReportBody {
  id?: number;
  name: string;
  reportId: number | null;
  target: AutoReportTarget;
  widgetId: string | null;
  frequency: AutoReportFrequency;
  recipients: AutoReportRecipients;
  enabled?: boolean;
}

export interface SendLogRow {
  id: number;
  createTime: string;
  trigger: string;
  receivers: string[];
  result: string;
  error: string | null;
  fileId: number | null;
}

export const autoReportKeys = {
  list: ['autoReport', 'list'] as const,
  log: (id: number) => ['autoReport', 'log', id] as const,
  mine: ['autoReport', 'subscriptions'] as const,
};

type Ok = { errCode: 0; errMsg?: string };

export const listAutoReports = async (signal?: AbortSignal) => (await get<{ datas: AutoReportView[] }>('/api/report/autoReport/list', undefined, { signal })).datas;
export const saveAutoReport = (body: AutoReportBody) => postJson<Ok & { id: number }>('/api/report/autoReport/save', body);
export const deleteAutoReport = (id: number) => postJson<Ok>(`/api/report/autoReport/delete/${id}`, {});
export const enableAutoReport = (id: number, enabled: boolean) => postJson<Ok>(`/api/report/autoReport/enable/${id}`, { enabled });
export const sendAutoReport = (id: number) => postJson<Ok & { data: { result: string; error: string | null } }>(`/api/report/autoReport/send/${id}`, {});
export const autoReportLog = (id: number, signal?: AbortSignal) =>
  get<{ totalCount: number; datas: SendLogRow[] }>(`/api/report/autoReport/log/${id}`, { pageNum: 1, pageSize: 50 }, { signal });

export const subscribe = (body: Omit<AutoReportBody, 'recipients' | 'id'>) => postJson<Ok & { id: number }>('/api/report/subscription/save', body);
export const mySubscriptions = async (signal?: AbortSignal) => (await get<{ datas: AutoReportView[] }>('/api/report/subscription/mine', undefined, { signal })).datas;
export const cancelSubscription = (id: number) => postJson<Ok>(`/api/report/subscription/cancel/${id}`, {});
