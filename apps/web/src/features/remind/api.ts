import type { FormSet } from '@park/core';
import { get, postJson } from '../../lib/http.ts';

export interface FormSetReply {
  data: { id: number | null; formId: number; formSet: string; qrCodeConf: string | null };
  mailConfigured: boolean;
}

export interface RemindLogRow {
  id: number;
  ruleKind: 'form' | 'cond';
  ruleIndex: number;
  businessId: number | null;
  title: string;
  receiverName: string;
  channel: string;
  result: string;
  createTime: string;
}

export const queryFormSet = (formId: number, signal?: AbortSignal) => get<FormSetReply>(`/api/form/queryFormSetByFormId/${formId}`, undefined, { signal });
export const saveFormRemindSet = (id: number | null, formId: number, formSet: FormSet) => postJson<{ errCode: number }>('/api/form/saveFormRemindSet', { id, formId, formSet });
export const queryRemindLog = (formId: number, signal?: AbortSignal) =>
  get<{ datas: RemindLogRow[]; totalCount: number }>(`/api/form/queryFormRemindLog/${formId}`, { pageNum: 1, pageSize: 50 }, { signal });
