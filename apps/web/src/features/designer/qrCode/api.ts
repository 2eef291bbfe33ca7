import type { QrCodeConf, QrListKind } from '@park/core';
import { get, postJson } from '../../../lib/http.ts';

/** 二维码设置's calls (issue 39): the saved configuration (JSON text, as the original reads it) and the printable codes. */

export async function loadQrCodeConf(formId: number): Promise<QrCodeConf> {
  const reply = await get<{ data: { qrCodeConf: string } }>(`/api/form/queryFormSetByFormId/${formId}`);
  return JSON.parse(reply.data.qrCodeConf) as QrCodeConf;
}

export const saveQrCodeConf = (conf: QrCodeConf) => postJson<{ errMsg: string }>('/api/form/saveQrCodeConf', conf);

export interface QrEntryCode {
  kind: QrListKind;
  name: string;
  isShow: boolean;
  token: string;
  url: string;
}

export async function loadEntryCodes(formId: number): Promise<QrEntryCode[]> {
  return (await get<{ data: QrEntryCode[] }>(`/api/form/qrCodeEntries/${formId}`)).data;
}

/** The printable A4 sheet (PDF): every shown entry, or one by its list and name. */
export function qrSheetUrl(formId: number, pick?: { kind: QrListKind; name: string }): string {
  const base = `/api/form/qrCodeSheet/${formId}`;
  return pick ? `${base}?${new URLSearchParams({ kind: pick.kind, name: pick.name }).toString()}` : base;
}

export interface QrRecordOption {
  value: number;
  label: string;
}

/** The form's latest records, for binding a 查看/编辑 code to one (the list's queryformdata call). */
export async function loadRecordOptions(formId: number, fields: { key: string }[]): Promise<QrRecordOption[]> {
  const reply = await postJson<{ datas?: Array<Record<string, unknown>> }>('/api/form/queryformdata', { formId, pageNum: 1, pageSize: 200, queryConditions: [], sort: [{ key: 'id', sort: 'desc' }] });
  return (reply.datas ?? []).map((row) => {
    const text = fields.slice(0, 3).map((f) => row[f.key]).filter((v) => v !== null && v !== undefined && v !== '').join(' / ');
    return { value: Number(row.id), label: `#${String(row.id)} ${text}`.trim() };
  });
}
