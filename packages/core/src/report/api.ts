import type { DsColumn, DsMeta } from './dataset.ts';

/** Replies of the /api/report datasource and dataset calls (issue 21). */

export type ReportDatasourceType = 'platform' | 'postgresql' | 'mysql';

export interface ReportDatasourceView {
  id: number;
  name: string;
  type: ReportDatasourceType;
  host: string;
  port: number | null;
  database: string;
  username: string;
  builtIn: boolean;
  updateTime: string;
}

export interface ReportDatasourceInputBody {
  id?: number;
  name: string;
  type: 'postgresql' | 'mysql';
  host: string;
  port: number;
  database: string;
  username: string;
  /** Empty on edit keeps the stored password. */
  password?: string;
}

export interface SourceTable {
  tableName: string;
  tableDesc: string;
}

export interface SourceColumnView {
  columnName: string;
  columnDesc: string;
  columnType: string;
  dataType: DsColumn['dataType'];
}

export interface DatasetSummary {
  id: number;
  name: string;
  datasourceId: number;
  formId: number | null;
  version: number;
  updateTime: string;
}

export interface DataSetConf {
  id: number;
  name: string;
  datasourceId: number;
  version: number;
  dsMeta: DsMeta;
}

export const REPORT_DATASOURCE_TYPE_LABELS: Record<ReportDatasourceType, string> = {
  platform: '平台数据库',
  postgresql: 'PostgreSQL',
  mysql: 'MySQL',
};

export const DEFAULT_PORTS: Record<'postgresql' | 'mysql', number> = { postgresql: 5432, mysql: 3306 };
