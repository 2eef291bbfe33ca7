import {
  EXPORT_JOB,
  IMPORT_JOB,
  readJobState,
  type JobState,
  type FormAction,
  type FormActionsReply,
  type ListCondition,
  totalKindOf,
  type TotalKind,
} from '@park/core';
import { get, postJson, upload } from '../../../lib/http.ts';

/** A record as the list reads it: stored columns, ids as numbers, times as text. */
export type ListRow = Record<string, unknown> & { id: number };

export interface ListQuery {
  pageNum: number;
  pageSize: number;
  queryConditions: ListCondition[];
  sort: Array<{ key: string; sort: 'asc' | 'desc' }>;
}

export const listKey = (formId: number) => ['form-list', formId] as const;

/** GET formActions/{formId}: what this user may do with the form's records (the server checks each call too). */
export async function loadFormActions(formId: number, signal?: AbortSignal): Promise<ReadonlySet<FormAction>> {
  const reply = await get<FormActionsReply>(`/api/form/formActions/${formId}`, undefined, { signal });
  return new Set(reply.actions);
}

/**
 * A page of records under the query bar's conditions and the column sort. With a table widget of
 * the V2 layout, queryFormDataV2 names it, so the server adds the widget's fixed filters and sort;
 * otherwise POST queryformdata.
 */
export async function queryRecords(
  formId: number,
  q: ListQuery,
  widgetId: string | null,
  signal?: AbortSignal,
): Promise<{ rows: ListRow[]; total: number; kind: TotalKind }> {
  const reply = await postJson<{ datas?: ListRow[]; totalCount?: number; totalCountKind?: string }>(
    widgetId ? '/api/form/queryFormDataV2' : '/api/form/queryformdata',
    widgetId ? { formId, widgetId, ...q } : { formId, ...q },
    { signal },
  );
  return {
    rows: Array.isArray(reply.datas) ? reply.datas : [],
    total: Number(reply.totalCount) || 0,
    kind: totalKindOf(reply.totalCountKind),
  };
}

/** GET batchdeleteformdata/{formId}: businessIds comma-joined. */
export async function deleteRecords(formId: number, ids: ReadonlyArray<string | number>): Promise<number> {
  const reply = await get<{ deleted?: number }>(`/api/form/batchdeleteformdata/${formId}`, {
    businessIds: ids.join(','),
  });
  return Number(reply.deleted) || 0;
}

interface CodeReply {
  importExportCode?: string;
}

function codeOf(reply: CodeReply): string {
  if (typeof reply.importExportCode !== 'string' || reply.importExportCode === '') throw new Error('no job code');
  return reply.importExportCode;
}

/**
 * POST exportForm: starts the export job under the current filter. The table widget's fixed
 * filters go along, so the file holds the rows the page shows; widgetId picks its export settings.
 */
export async function startExport(
  formId: number,
  queryConditions: ReadonlyArray<ListCondition | unknown>,
  widgetId: string | null,
): Promise<string> {
  const body = widgetId ? { formId, queryConditions, widgetId } : { formId, queryConditions };
  return codeOf(await postJson<CodeReply>('/api/form/exportForm', body, { long: true }));
}

/** POST importForm/{formId} (multipart): uploads the workbook and starts the import job. */
/** The origin's path parameter: the form, or `{formId}&{widgetId}` for a table widget's layout. */
const formParam = (formId: number, widgetId?: string | null) => (widgetId ? `${formId}&${encodeURIComponent(widgetId)}` : String(formId));

export async function startImport(formId: number, file: File, onProgress?: (percent: number) => void, widgetId?: string | null): Promise<string> {
  const body = new FormData();
  body.append('file', file, file.name);
  return codeOf(await upload<CodeReply>(`/api/form/importForm/${formParam(formId, widgetId)}`, body, { onProgress }));
}

/** GET getImportExportState/{code}/{type}. */
export async function jobState(code: string, type: typeof EXPORT_JOB | typeof IMPORT_JOB, signal?: AbortSignal): Promise<JobState> {
  const reply = await get<{ formImportExportState?: unknown }>(
    `/api/form/getImportExportState/${encodeURIComponent(code)}/${type}`,
    undefined,
    { signal },
  );
  return readJobState(reply.formImportExportState);
}

/** Lets the browser download a file the server sends as an attachment (cookie-authenticated GET). */
export function downloadFrom(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** The import template; with a table widget, its columns (the import then reads the same layout). */
export const templateUrl = (formId: number, widgetId?: string | null) => `/api/form/exportFormTemplate/${formParam(formId, widgetId)}`;
export const exportFileUrl = (code: string) => `/api/file/download/${encodeURIComponent(code)}`;
export const errorFileUrl = (code: string) => `/api/file/download/${encodeURIComponent(code)}_error.xlsx`;

export interface ImportWithErrors {
  code: string;
  okRows: number;
  badRows: number;
  finishTime: string;
}

export const importErrorsKey = (formId: number) => ['form-import-errors', formId] as const;

/** GET importErrors/{formId}: the caller's recent imports whose rejected rows can be downloaded. */
export async function loadImportErrors(formId: number, signal?: AbortSignal): Promise<ImportWithErrors[]> {
  return (await get<{ datas: ImportWithErrors[] }>(`/api/form/importErrors/${formId}`, undefined, { signal })).datas;
}
