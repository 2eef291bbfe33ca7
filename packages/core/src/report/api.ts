import type { DsColumn, DsMeta } from './dataset.ts';

/** Replies of the /api/report datasource and dataset calls (issue 21). */

export type DatasourceType = 'platform' | 'postgresql' | 'mysql';

export interface DatasourceView {
  id: number;
  name: string;
  type: DatasourceType;
  host: string;
  port: number | null;
  database: string;
  username: string;
  builtIn: boolean;
  updateTime: string;
}

export interface DatasourceInputBody {
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

export const DATASOURCE_TYPE_LABELS: Record<DatasourceType, string> = {
  platform: '平台数据库',
  postgresql: 'PostgreSQL',
  mysql: 'MySQL',
};

export const DEFAULT_PORTS: Record<'postgresql' | 'mysql', number> = { postgresql: 5432, mysql: 3306 };
