/**
 * The form calls of the mobile client: the desktop's (apps/web/src/form/api.ts, the approval
 * module's startformflow and the list's queryformdata), same paths and shapes.
 */
import { encodeRecord, parseFormMeta, type ControlSource, type FormMeta, type FormValues, type StoredRow } from '@park/core';
import { get, postForm, postJson, type Query } from '../lib/http.ts';
import { formDefinitionUrl, listBody, QUERY_FORM_DATA_URL } from '../boot/earlyCalls.ts';

export interface FormDefinition {
  formId: number;
  formName: string;
  meta: FormMeta;
}

export class FormDefinitionError extends Error {}

export type StoredRecord = Record<string, unknown>;

/** GET formconf/getbyid/{formId}: the design, parsed as core reads it. */
export async function loadFormDefinition(formId: number, signal?: AbortSignal): Promise<FormDefinition> {
  const reply = await get<{ formConf?: { formId?: unknown; formName?: unknown; formMeta?: unknown } }>(formDefinitionUrl(formId), undefined, { signal });
  const conf = reply.formConf ?? {};
  const parsed = parseFormMeta(conf.formMeta);
  if (!parsed.ok) throw new FormDefinitionError(parsed.message);
  return { formId: Number(conf.formId ?? formId), formName: typeof conf.formName === 'string' ? conf.formName : '', meta: parsed.meta };
}

export const definitionKey = (formId: number) => ['m-form-definition', formId] as const;
export const recordKey = (formId: number, id: string) => ['m-form-record', formId, id] as const;
export const listKeyRoot = (formId: number) => ['m-form-list', formId] as const;

export async function loadCurrentDate(signal?: AbortSignal): Promise<string | undefined> {
  const reply = await get<{ currentDate?: unknown }>('/api/form/getCurrentDate', undefined, { signal, silent: true });
  return typeof reply.currentDate === 'string' ? reply.currentDate : undefined;
}

export async function loadOwnCompany(signal?: AbortSignal): Promise<{ id: string; companyName: string } | null> {
  const reply = await get<{ companyInfo?: { id?: unknown; companyName?: unknown } }>('/api/companyUser/getCompanyInfoByUserId', undefined, { signal, silent: true });
  const info = reply.companyInfo;
  return info && info.id !== undefined && info.id !== null ? { id: String(info.id), companyName: typeof info.companyName === 'string' ? info.companyName : '' } : null;
}

export async function loadRecord(formId: number, businessId: string, signal?: AbortSignal): Promise<StoredRecord> {
  const reply = await get<{ data?: StoredRecord }>('/api/form/getformdatabyid', { formId, businessId }, { signal });
  return reply.data ?? {};
}

/** Stored columns as form-encoded fields: an emptied field is sent empty, so an edit clears it. */
function flatFields(stored: StoredRow, keepEmpty: boolean): Query {
  const out: Query = {};
  for (const [key, value] of Object.entries(stored)) {
    if (value === null) {
      if (keepEmpty) out[key] = '';
    } else out[key] = value;
  }
  return out;
}

export const encode = (source: ControlSource, values: FormValues): StoredRow => encodeRecord(source, values);

export interface ChildRows {
  subKey: string;
  subDatas: StoredRow[];
}

/** addformdata, or addpcformdata when new sub-table rows go along (one transaction). */
export async function addRecord(formId: number, stored: StoredRow, children: ChildRows[]): Promise<string> {
  const reply =
    children.length > 0
      ? await postJson<{ businessId?: unknown }>(`/api/form/addpcformdata/${formId}`, { parent: stored, child: children })
      : await postForm<{ businessId?: unknown }>(`/api/form/addformdata/${formId}`, { ...flatFields(stored, false), formId });
  return String(reply.businessId ?? '');
}

export async function updateRecord(formId: number, id: string, version: unknown, stored: StoredRow): Promise<void> {
  await postForm(`/api/form/updateformdata/${formId}`, {
    ...flatFields(stored, true),
    formId,
    id,
    version: typeof version === 'number' || typeof version === 'string' ? version : undefined,
  });
}

/** 提交: saves the record and starts its approval in one call (startformflow), as the desktop's 提交. */
export async function submitForApproval(formId: number, stored: StoredRow, recordId: string | null, children: ChildRows[]): Promise<string> {
  const body = !recordId && children.length > 0 ? { parent: stored, child: children } : { ...stored, ...(recordId ? { id: recordId } : {}) };
  const reply = await postJson<{ businessId?: unknown }>(`/api/form/startformflow/${formId}`, body);
  return String(reply.businessId ?? '');
}

export async function isFlowDeployed(formId: number, signal?: AbortSignal): Promise<boolean> {
  const reply = await get<{ deployed?: boolean }>(`/api/flow/flowconf/deployed/${formId}`, undefined, { signal, silent: true });
  return reply.deployed === true;
}

export interface RecordStatus {
  approveStatus: string;
  editLocked?: boolean;
}

/** The record's latest approval (the desktop list's recordstatus call), or null when it was never submitted. */
export async function recordStatus(formId: number, businessId: string, signal?: AbortSignal): Promise<RecordStatus | null> {
  const reply = await get<{ list?: Array<RecordStatus & { businessId: number }> }>('/api/flow/recordstatus', { formId, businessIds: businessId }, { signal, silent: true });
  return reply.list?.find((r) => String(r.businessId) === businessId) ?? null;
}

// ---- the list ------------------------------------------------------------------------------

export type ListRow = Record<string, unknown> & { id: number };

/**
 * POST queryformdata: the desktop list's call, under the mobile list's conditions, newest first.
 * Opened from a link, the first page was asked by index.html already (boot/earlyCalls.ts).
 */
export async function queryRecords(formId: number, pageNum: number, pageSize: number, queryConditions: unknown[], signal?: AbortSignal): Promise<{ rows: ListRow[]; total: number }> {
  const reply = await postJson<{ datas?: ListRow[]; totalCount?: number }>(QUERY_FORM_DATA_URL, listBody(formId, pageNum, pageSize, queryConditions), { signal });
  return { rows: Array.isArray(reply.datas) ? reply.datas : [], total: Number(reply.totalCount) || 0 };
}

export async function loadFormActions(formId: number, signal?: AbortSignal): Promise<ReadonlySet<string>> {
  const reply = await get<{ actions?: string[] }>(`/api/form/formActions/${formId}`, undefined, { signal, silent: true });
  return new Set(reply.actions ?? []);
}

// ---- sub-tables of a saved record ----------------------------------------------------------------

export async function querySubRows(formId: number, subKey: string, parentId: string, signal?: AbortSignal): Promise<StoredRecord[]> {
  const reply = await get<{ datas?: StoredRecord[] }>(`/api/form/querysubformdata/${formId}/${encodeURIComponent(subKey)}`, { parentId, pageNum: 1, pageSize: 200 }, { signal });
  return Array.isArray(reply.datas) ? reply.datas : [];
}

export function addSubRow(formId: number, subKey: string, parentId: string, stored: StoredRow) {
  return postForm(`/api/form/addsubformdata/${formId}/${encodeURIComponent(subKey)}`, { ...flatFields(stored, false), parentId });
}

export function deleteSubRows(formId: number, subKey: string, ids: string[]) {
  return get(`/api/form/batchdeletesubformdata/${formId}/${encodeURIComponent(subKey)}`, { businessIds: ids.join(',') });
}

export function updateSubRow(formId: number, subKey: string, parentId: string, id: string, stored: StoredRow) {
  return postForm(`/api/form/updatesubformdata/${formId}/${encodeURIComponent(subKey)}`, { ...flatFields(stored, true), parentId, id });
}
