import {
  encodeRecord,
  parseFormMeta,
  type ControlSource,
  type FormMeta,
  type FormValues,
  type StoredRow,
} from '@park/core';
import { get, postForm, postJson, type Query } from '../lib/http.ts';

export interface FormDefinition {
  formId: number;
  formName: string;
  meta: FormMeta;
}

interface FormConfReply {
  formConf?: { formId?: unknown; formName?: unknown; formMeta?: unknown };
}

export class FormDefinitionError extends Error {}

/** GET getFormConf/{formId}: the design, parsed as core reads it. */
export async function loadFormDefinition(formId: number, signal?: AbortSignal): Promise<FormDefinition> {
  const reply = await get<FormConfReply>(`/api/form/formconf/getbyid/${formId}`, undefined, { signal });
  const conf = reply.formConf ?? {};
  const parsed = parseFormMeta(conf.formMeta);
  if (!parsed.ok) throw new FormDefinitionError(parsed.message);
  return {
    formId: Number(conf.formId ?? formId),
    formName: typeof conf.formName === 'string' ? conf.formName : '',
    meta: parsed.meta,
  };
}

export const formDefinitionKey = (formId: number) => ['form-definition', formId] as const;

export async function loadCurrentDate(signal?: AbortSignal): Promise<string | undefined> {
  const reply = await get<{ currentDate?: unknown }>('/api/form/getCurrentDate', undefined, { signal });
  return typeof reply.currentDate === 'string' ? reply.currentDate : undefined;
}

export async function loadOwnCompany(
  signal?: AbortSignal,
): Promise<{ id: string; companyName: string } | null> {
  const reply = await get<{ companyInfo?: { id?: unknown; companyName?: unknown } }>(
    '/api/companyUser/getCompanyInfoByUserId',
    undefined,
    {
      signal,
      silent: true,
    },
  );
  const info = reply.companyInfo;
  return info && info.id !== undefined && info.id !== null
    ? { id: String(info.id), companyName: typeof info.companyName === 'string' ? info.companyName : '' }
    : null;
}

export type StoredRecord = Record<string, unknown>;

export async function loadRecord(
  formId: number,
  businessId: string,
  signal?: AbortSignal,
): Promise<StoredRecord> {
  const reply = await get<{ data?: StoredRecord }>(
    '/api/form/getformdatabyid',
    { formId, businessId },
    { signal },
  );
  return reply.data ?? {};
}

/** Stored columns as form-encoded fields: an emptied field is sent empty, so an edit clears it. */
export function flatFields(stored: StoredRow, keepEmpty: boolean): Query {
  const out: Query = {};
  for (const [key, value] of Object.entries(stored)) {
    if (value === null) {
      if (keepEmpty) out[key] = '';
    } else out[key] = value;
  }
  return out;
}

export function encode(source: ControlSource, values: FormValues): StoredRow {
  return encodeRecord(source, values);
}

export async function addRecord(formId: number, stored: StoredRow): Promise<string> {
  const reply = await postForm<{ businessId?: unknown }>(`/api/form/addformdata/${formId}`, {
    ...flatFields(stored, false),
    formId,
  });
  return String(reply.businessId ?? '');
}

/** A new record with its sub-table rows, saved in one transaction (addpcformdata). */
export async function addRecordWithChildren(formId: number, stored: StoredRow, children: ReadonlyArray<{ subKey: string; subDatas: StoredRow[] }>): Promise<string> {
  const reply = await postJson<{ businessId?: unknown }>(`/api/form/addpcformdata/${formId}`, { parent: stored, child: children });
  return String(reply.businessId ?? '');
}

export async function updateRecord(
  formId: number,
  id: string,
  version: unknown,
  stored: StoredRow,
): Promise<{ version?: number }> {
  const reply = await postForm<{ version?: unknown }>(`/api/form/updateformdata/${formId}`, {
    ...flatFields(stored, true),
    formId,
    id,
    version: typeof version === 'number' || typeof version === 'string' ? version : undefined,
  });
  return { version: typeof reply.version === 'number' ? reply.version : undefined };
}

// ---- sub-tables ---------------------------------------------------------------------------

export const SUB_PAGE_SIZE = 5;

export async function querySubRows(
  formId: number,
  subKey: string,
  parentId: string,
  pageNum: number,
  signal?: AbortSignal,
): Promise<{ rows: StoredRecord[]; total: number }> {
  const reply = await get<{ datas?: StoredRecord[]; totalCount?: unknown }>(
    `/api/form/querysubformdata/${formId}/${encodeURIComponent(subKey)}`,
    { parentId, pageNum, pageSize: SUB_PAGE_SIZE },
    { signal },
  );
  return { rows: Array.isArray(reply.datas) ? reply.datas : [], total: Number(reply.totalCount) || 0 };
}

export async function loadSubRow(formId: number, subKey: string, businessId: string): Promise<StoredRecord> {
  const reply = await get<{ data?: StoredRecord }>(
    `/api/form/getsubformdatabyid/${formId}/${encodeURIComponent(subKey)}`,
    { businessId },
  );
  return reply.data ?? {};
}

export function addSubRow(formId: number, subKey: string, parentId: string, stored: StoredRow) {
  return postForm(`/api/form/addsubformdata/${formId}/${encodeURIComponent(subKey)}`, {
    ...flatFields(stored, false),
    parentId,
  });
}

export function updateSubRow(
  formId: number,
  subKey: string,
  parentId: string,
  id: string,
  stored: StoredRow,
) {
  return postForm(`/api/form/updatesubformdata/${formId}/${encodeURIComponent(subKey)}`, {
    ...flatFields(stored, true),
    parentId,
    id,
  });
}

export function batchAddSubRows(formId: number, subKey: string, parentId: string, rows: StoredRow[]) {
  return postJson(`/api/form/batchaddsubformdata/${formId}/${encodeURIComponent(subKey)}`, {
    parentId,
    subDatas: rows,
  });
}

export function batchUpdateSubRows(
  formId: number,
  subKey: string,
  parentId: string,
  rows: Array<StoredRow & { id: string }>,
) {
  return postJson(`/api/form/batchupdatesubformdata/${formId}/${encodeURIComponent(subKey)}`, {
    parentId,
    subDatas: rows,
  });
}

export function batchDeleteSubRows(formId: number, subKey: string, ids: string[]) {
  return get(`/api/form/batchdeletesubformdata/${formId}/${encodeURIComponent(subKey)}`, {
    businessIds: ids.join(','),
  });
}
