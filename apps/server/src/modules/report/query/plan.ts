import type { Expression, Kysely, SqlBool } from 'kysely';
import type { DsColumn, DsMeta } from '@park/core';
import type { Engine, SqlDialect, Stored } from './dialects.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a source's tables are known at run time only
export type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of a runtime table
export type AnyExpr = Expression<any>;

/** A dataset column as SQL: a checked table column or a compiled calculated field. */
export interface ColumnSql {
  expr: AnyExpr;
  stored: Stored;
  /** Comma-joined or JSON multi-value text (platform selects and pickers), for `$all` (db/conditions). */
  list?: 'comma' | 'json';
}

export interface JoinSql {
  table: string;
  alias: string;
  /** `alias.column = alias.column`, both checked identifiers. */
  left: string;
  right: string;
}

/**
 * A dataset bound to its source for one caller: where rows come from, each column's SQL, and the
 * rows the caller may see. Built by sources/*; the compiler only ever uses what is in here.
 */
export interface DatasetPlan {
  datasetId: string;
  version: number;
  meta: DsMeta;
  engine: Engine;
  dialect: SqlDialect;
  db: AnyDb;
  /** `table as t0` */
  from: string;
  joins: JoinSql[];
  column(col: DsColumn): ColumnSql;
  /** The rows the caller may see (company and role data scope, sources/dataScope.ts), or null for everything. */
  scope: Expression<SqlBool> | null;
  /** Part of the cache key: the scope's identity (company, organisations, owner). */
  scopeKey: string;
  /** A stable ORDER BY for listing rows, e.g. the main table's id. */
  defaultOrder: string | null;
}
