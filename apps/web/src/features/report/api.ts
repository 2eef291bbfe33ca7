import type { ApiOk, DataSetConf, DatasetSummary, ReportDatasourceInputBody, ReportDatasourceView, DsColumn, DsMeta, SourceColumnView, SourceTable } from '@park/core';
import { get, postJson } from '../../lib/http.ts';

/** The report module's datasource and dataset calls (kh.config report paths). */

export const reportKeys = {
  datasources: ['report', 'datasources'] as const,
  datasets: ['report', 'datasets'] as const,
  tables: (id: number | null) => ['report', 'tables', id] as const,
  columns: (id: number | null, table: string | null) => ['report', 'columns', id, table] as const,
};

export const listReportDatasources = async (signal?: AbortSignal) =>
  (await get<{ list: ReportDatasourceView[] }>('/api/report/datasource/query', undefined, { signal })).list;
export const saveReportDatasource = (body: ReportDatasourceInputBody) => postJson<{ id: number }>('/api/report/datasource/save', body);
// Connecting to an unreachable host takes up to the server's connect timeout.
export const testReportDatasource = (body: Omit<ReportDatasourceInputBody, 'name'> | { id: number }) =>
  postJson<ApiOk & { errMsg: string }>('/api/report/datasource/test', body, { long: true });
export const deleteReportDatasource = (id: number) => postJson<ApiOk>('/api/report/datasource/delete', { id });
export const listTables = async (datasourceId: number, signal?: AbortSignal) =>
  (await get<{ list: SourceTable[] }>('/api/report/datasource/table/query', { datasourceId }, { signal, long: true })).list;
export const listColumns = async (datasourceId: number, tbName: string, signal?: AbortSignal) =>
  (await get<{ list: SourceColumnView[] }>('/api/report/datasource/table/querydesc', { datasourceId, tbName }, { signal, long: true })).list;

export const listDatasets = async (signal?: AbortSignal) => (await get<{ list: DatasetSummary[] }>('/api/report/dataset/query', undefined, { signal })).list;
export const getDataset = async (id: number) => (await get<{ dataSetConf: DataSetConf }>(`/api/report/dataset/getconf/${id}`)).dataSetConf;
export const saveDataset = (body: { id?: number; name: string; datasourceId: number; dsMeta: DsMeta }) => postJson<{ id: number }>('/api/report/dataset/save', body);
export const suggestColumns = (datasourceId: number, tbName: string) =>
  get<{ dim: DsColumn[]; measure: DsColumn[] }>('/api/report/dataset/queryTableDimMeasure', { datasourceId, tbName }, { long: true });
export const syncDataset = (id: number) => postJson<{ list: Array<{ id: number; removed: string[] }> }>('/api/report/dataset/sync', { id });
