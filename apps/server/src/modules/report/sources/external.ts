import { sql } from 'kysely';
import type { DsColumn, DsMeta } from '@park/core';
import { badRequest } from '../../../plugins/errors.ts';
import { calculatedSql } from '../query/calculated.ts';
import { DIALECTS, type Engine, type Stored } from '../query/dialects.ts';
import type { AnyDb, ColumnSql, DatasetPlan } from '../query/plan.ts';

export const EXTERNAL_TEXT = {
  oneTable: '外部数据源的数据集只能使用一张表',
  noTable: (t: string) => `数据表 ${t.slice(0, 100)} 不存在`,
  noColumn: (t: string, c: string) => `数据表 ${t.slice(0, 64)} 中不存在字段 ${c.slice(0, 64)}`,
} as const;

export interface SourceColumn {
  columnName: string;
  columnDesc: string;
  columnType: string;
  dataType: DsColumn['dataType'];
}

const NUMBER_TYPES = /^(smallint|integer|int|bigint|tinyint|mediumint|numeric|decimal|real|double|double precision|float|money)\b/i;
const DATE_TYPES = /^(date|datetime|timestamp|time stamp|timestamp with(out)? time zone)\b/i;

export function dataTypeOfSql(t: string): DsColumn['dataType'] {
  return NUMBER_TYPES.test(t) ? 'Number' : DATE_TYPES.test(t) ? 'Date' : 'String';
}

/** `schema.table` for PostgreSQL tables outside `public`, the bare name otherwise. */
function splitName(engine: Engine, name: string): { schema: string | null; table: string } {
  const i = name.indexOf('.');
  if (engine === 'postgresql') return i < 0 ? { schema: 'public', table: name } : { schema: name.slice(0, i), table: name.slice(i + 1) };
  return { schema: null, table: i < 0 ? name : name.slice(i + 1) };
}

export async function listTables(db: AnyDb, engine: Engine): Promise<Array<{ tableName: string; tableDesc: string }>> {
  if (engine === 'postgresql') {
    const r = await sql<{ s: string; t: string; d: string | null }>`
      select c.table_schema as s, c.table_name as t, obj_description((quote_ident(c.table_schema) || '.' || quote_ident(c.table_name))::regclass, 'pg_class') as d
      from information_schema.tables c
      where c.table_schema not in ('pg_catalog', 'information_schema') and c.table_type in ('BASE TABLE', 'VIEW')
      order by 1, 2 limit 2000`.execute(db);
    return r.rows.map((x) => {
      const name = x.s === 'public' ? x.t : `${x.s}.${x.t}`;
      return { tableName: name, tableDesc: x.d || name };
    });
  }
  const r = await sql<{ t: string; d: string | null }>`
    select table_name as t, table_comment as d from information_schema.tables
    where table_schema = database() order by 1 limit 2000`.execute(db);
  return r.rows.map((x) => ({ tableName: x.t, tableDesc: x.d || x.t }));
}

export async function listColumns(db: AnyDb, engine: Engine, tableName: string): Promise<SourceColumn[]> {
  const { schema, table } = splitName(engine, tableName);
  const rows =
    engine === 'postgresql'
      ? (
          await sql<{ c: string; t: string; d: string | null }>`
            select column_name as c, data_type as t,
              col_description((quote_ident(table_schema) || '.' || quote_ident(table_name))::regclass, ordinal_position::int) as d
            from information_schema.columns where table_schema = ${schema} and table_name = ${table}
            order by ordinal_position`.execute(db)
        ).rows
      : (
          await sql<{ c: string; t: string; d: string | null }>`
            select column_name as c, data_type as t, column_comment as d from information_schema.columns
            where table_schema = database() and table_name = ${table} order by ordinal_position`.execute(db)
        ).rows;
  if (rows.length === 0) throw badRequest(EXTERNAL_TEXT.noTable(tableName));
  return rows.map((r) => ({ columnName: r.c, columnDesc: r.d || r.c, columnType: r.t, dataType: dataTypeOfSql(r.t) }));
}

const STORED: Record<DsColumn['dataType'], Stored> = { Number: 'numeric', Date: 'timestamp', String: 'text' };

/** An external dataset: one table as t0; its columns were checked against the source when it was saved. */
export function bindExternalDataset(db: AnyDb, engine: Engine, row: { id: string; version: number; meta: DsMeta }): DatasetPlan {
  const cols = [...row.meta.dim, ...row.meta.measure];
  const tables = new Set(cols.map((c) => c.table));
  if (tables.size !== 1) throw badRequest(EXTERNAL_TEXT.oneTable);
  const table = [...tables][0]!;
  const dialect = DIALECTS[engine];
  const stored = new Map(cols.filter((c) => !c.express).map((c) => [c.column, c]));
  const column = (col: DsColumn): ColumnSql => {
    if (col.express) {
      return {
        expr: calculatedSql(col, dialect, (name) => {
          const c = stored.get(name);
          return c ? { expr: sql.ref(`t0.${c.column}`), stored: STORED[c.dataType], isNumber: c.dataType === 'Number' } : undefined;
        }),
        stored: 'numeric',
      };
    }
    return { expr: sql.ref(`t0.${col.column}`), stored: STORED[col.dataType] };
  };
  return {
    datasetId: row.id,
    version: row.version,
    meta: row.meta,
    engine,
    dialect,
    db,
    from: `${table} as t0`,
    joins: [],
    column,
    scope: null,
    scopeKey: '*',
    defaultOrder: null,
  };
}
