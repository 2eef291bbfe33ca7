import type { ApiOk, SettingMeta } from '@park/core';
import { get, postJson } from '../../lib/http.ts';

/** 报表管理, the designer and the viewer (issue 22): report definitions and widget data. */

export type ReportKind = 'report' | 'dashboard';
export const REPORT_KIND_TEXT: Record<ReportKind, string> = { report: '报表', dashboard: '仪表盘' };

export interface ReportGroup {
  id: number;
  name: string;
  reports: number;
}

export interface ReportRow {
  reportId: number;
  reportName: string;
  kind: ReportKind;
  groupId: number | null;
  groupName: string | null;
  roleCount: number;
  version: number;
  updateTime: string;
}

export const reportDefKeys = {
  groups: ['report', 'groups'] as const,
  list: ['report', 'definitions'] as const,
  one: (id: number) => ['report', 'definition', id] as const,
};

export const listGroups = async (signal?: AbortSignal) => (await get<{ list: ReportGroup[] }>('/api/report/group/query', undefined, { signal })).list;
export const saveGroup = (body: { id?: number; name: string }) => postJson<{ id: number }>('/api/report/group/save', body);
export const deleteGroup = (id: number) => postJson<ApiOk>('/api/report/group/delete', { id });

export const listReports = async (groupId: number | 'none' | null, signal?: AbortSignal) =>
  (await get<{ list: ReportRow[] }>('/api/report/datareport/list', { groupId: groupId ?? undefined }, { signal })).list;
export const createReport = (body: { reportName: string; kind: ReportKind; groupId: number | null }) =>
  postJson<{ reportId: number }>('/api/report/datareport/create', body);
export const updateReport = (body: { reportId: number; reportName?: string; groupId?: number | null; kind?: ReportKind }) =>
  postJson<ApiOk>('/api/report/datareport/update', body);
export const copyReport = (body: { reportId: number; reportName: string }) => postJson<{ reportId: number }>('/api/report/datareport/copy', body);
export const deleteReport = (reportId: number) => postJson<ApiOk>('/api/report/datareport/delete', { reportId });

export interface LoadedReport {
  reportId: number;
  reportName: string;
  settingMeta: unknown;
}
export const getReport = (id: number, signal?: AbortSignal) => get<LoadedReport>(`/api/report/datareport/getbyid/${id}`, undefined, { signal, silent: true });
export const saveReport = (body: { reportId: number; reportName: string; settingMeta: SettingMeta }) =>
  postJson<{ reportId: number }>('/api/report/datareport/save', body);

export const reportRoles = async (reportId: number) => (await postJson<{ roleIds: number[] }>('/api/report/reportpermission/query', { reportId })).roleIds;
export const saveReportRoles = (reportId: number, roleIds: number[]) => postJson<ApiOk>('/api/report/reportpermission/save', { reportId, roleIds });

export interface WidgetData {
  datas: Array<Record<string, unknown>>;
  truncated?: boolean;
  totalCount?: number;
  columns?: Array<{ key: string; values: unknown[] }>;
  /** When the SQL ran; `cached` when the server answered from its result cache. */
  computedAt?: string;
  cached?: boolean;
}

export interface QueryBody {
  pageNum: number;
  pageSize: number;
  queryConditions: unknown[];
  superConditions: unknown[];
  drillingConditions: unknown;
}

/** Design mode sends the whole widget; a published report names it. Errors are shown on the widget itself. */
export const previewWidget = (widget: unknown, body: QueryBody, signal?: AbortSignal) =>
  postJson<WidgetData>('/api/report/datareport/previewreportdata', { ...body, datareport: widget }, { signal, silent: true, long: true });
export const queryWidget = (reportId: number, widgetId: number, body: QueryBody, signal?: AbortSignal) =>
  postJson<WidgetData>('/api/report/datareport/queryreportdata', { ...body, reportId, widgetId }, { signal, silent: true, long: true });
/** One widget's part of a batch reply: its data (errCode 0), its own error, or pending (ask for it alone). */
export interface BatchAnswer extends Partial<WidgetData> {
  widgetId: number | string;
  errCode?: number | string;
  errMsg?: string;
  pending?: boolean;
}

/** A page of a published report's widgets in one call (ADR 0023); see viewer/widgetBatch.ts. */
export const queryWidgetBatch = (reportId: number, widgets: Array<QueryBody & { widgetId: number }>, signal?: AbortSignal) =>
  postJson<{ results: BatchAnswer[] }>('/api/report/datareport/queryreportdatabatch', { reportId, widgets }, { signal, silent: true, long: true });

export const columnValuesOf = async (
  args: { reportId: number; widgetId: number; key: string } | { dataset: string; column: { id: string; table: string; column: string } },
  signal?: AbortSignal,
) => (await postJson<{ list: string[] }>('/api/report/datareport/querycolumndata', args, { signal, silent: true })).list;

export const startTableExport = (body: { reportId: number; widgetId: number; queryConditions: unknown[]; superConditions: unknown[]; drillingConditions: unknown }) =>
  postJson<{ exportCode: string }>('/api/report/datareport/exportTableReport', body);
export const exportState = (code: string) =>
  get<{ exportTableReportState: { state: string; reason?: string | null } }>(`/api/report/getExportTableReportState/${code}`);
