/**
 * The indexes a form's list page needs so that every filter it offers is served by an index
 * (issue 16, ADR 0014), worked out from the design alone:
 *
 * - `trgm`: a pg_trgm GIN index on a text column the list filters with `$like`/`$hlike`. It serves
 *   fragments with three or more consecutive Latin letters or digits (plate numbers, codes).
 * - `gram`: a GIN index over park_text_grams(column) (every character and character pair). It
 *   serves one- and two-character fragments and Chinese text, which pg_trgm cannot see under the
 *   embedded cluster's C locale; without pg_trgm it serves every fragment.
 * - `eq`: (column, sort column) for a select the query bar matches with `$eq`, so "this status,
 *   newest first" walks one index range instead of the whole sort index.
 *
 * Names carry a fixed infix (`_ls_`), so the indexes this module owns are told apart from the
 * table's own and can be dropped when the design no longer needs them.
 */
import crypto from 'node:crypto';
import { readListSettings, tableWidgetQuery, v2Widgets, widgetTypeOf, type FormMeta } from '@park/core';
import type { TableModel } from '../formModel.ts';

export type SearchIndexKind = 'trgm' | 'gram' | 'eq';

export interface SearchIndex {
  name: string;
  table: string;
  kind: SearchIndexKind;
  column: string;
  /** eq indexes: the column the list sorts by, second in the index. */
  sortColumn?: string;
}

const LIKE_OPS = new Set(['$like', '$hlike']);
const INFIX = '_ls_';

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Columns a table widget's fixed filters search with `$like`/`$hlike`, at any depth of its groups. */
function likeKeysOf(filters: unknown, out: Set<string>): void {
  if (Array.isArray(filters)) {
    for (const f of filters) likeKeysOf(f, out);
    return;
  }
  if (!isRecord(filters)) return;
  const op = String(filters.matchType ?? filters.type ?? '');
  if (typeof filters.key === 'string' && LIKE_OPS.has(op)) out.add(filters.key);
  for (const v of Object.values(filters)) if (typeof v === 'object') likeKeysOf(v, out);
}

/**
 * Text columns of the main table the list searches: the query bar's `$like` fields, the table
 * widgets' fixed `$like`/`$hlike` filters, and the columns a designer asked for by name
 * (`sensorSettings.searchColumns`, for searches made through the API).
 */
export function searchColumnsOf(meta: FormMeta, table: TableModel): string[] {
  const keys = new Set<string>();
  const settings = readListSettings(meta);
  for (const f of settings.fields) if (f.op === '$like') keys.add(f.key);
  for (const w of v2Widgets(meta.sensorSettingsV2)) {
    if (widgetTypeOf(w) === 'tableReportWidget') likeKeysOf(tableWidgetQuery(w).condFilters, keys);
  }
  const asked = isRecord(meta.sensorSettings) ? meta.sensorSettings.searchColumns : undefined;
  if (Array.isArray(asked)) for (const k of asked) if (typeof k === 'string') keys.add(k);
  return [...keys].filter((k) => {
    const c = table.queryColumns.get(k);
    return c !== undefined && c.kind === 'string' && c.sql === 'text' && c.list !== 'json';
  });
}

/** The column lists sort by: the table widget's first sort key when it is a time, else create_time. */
export function sortColumnOf(meta: FormMeta, table: TableModel): string {
  const widget = v2Widgets(meta.sensorSettingsV2).find((w) => widgetTypeOf(w) === 'tableReportWidget') ?? null;
  const first = tableWidgetQuery(widget).querySort[0]?.key;
  return first && table.queryColumns.get(first)?.kind === 'date' ? first : 'create_time';
}

/** Selects the query bar matches with `$eq`: each gets (column, sort column). */
function eqColumnsOf(meta: FormMeta, table: TableModel): string[] {
  return readListSettings(meta)
    .fields.filter((f) => f.op === '$eq' && f.input === 'select' && table.queryColumns.get(f.key)?.sql === 'text')
    .map((f) => f.key);
}

function shortHash(text: string): string {
  return crypto.createHash('sha1').update(text).digest('hex').slice(0, 10);
}

function indexName(table: string, kind: SearchIndexKind, ...columns: string[]): string {
  // form_<id> is at most 24 characters, so the name stays within PostgreSQL's 63.
  return `${table}${INFIX}${kind}_${shortHash(columns.join('\u0000'))}`;
}

/** Every index the design wants on its main table; `trgm` ones only where pg_trgm is installed. */
export function wantedSearchIndexes(meta: FormMeta, table: TableModel, trgmAvailable: boolean): SearchIndex[] {
  const out: SearchIndex[] = [];
  for (const column of searchColumnsOf(meta, table)) {
    if (trgmAvailable) out.push({ name: indexName(table.table, 'trgm', column), table: table.table, kind: 'trgm', column });
    out.push({ name: indexName(table.table, 'gram', column), table: table.table, kind: 'gram', column });
  }
  const sortColumn = sortColumnOf(meta, table);
  for (const column of eqColumnsOf(meta, table)) {
    if (column === sortColumn) continue;
    out.push({ name: indexName(table.table, 'eq', column, sortColumn), table: table.table, kind: 'eq', column, sortColumn });
  }
  return out;
}

/** The LIKE pattern matching this module's index names on a table (`_` escaped). */
export function ownedIndexPattern(table: string): string {
  return `${table}${INFIX}`.replace(/_/g, '\\_') + '%';
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The column list of each kind of index. Columns come from a checked design. */
const INDEX_BODY: Record<SearchIndexKind, (index: SearchIndex) => string> = {
  trgm: (i) => `using gin (${quoteIdent(i.column)} gin_trgm_ops)`,
  gram: (i) => `using gin (park_text_grams(${quoteIdent(i.column)}))`,
  eq: (i) => `(${quoteIdent(i.column)}, ${quoteIdent(i.sortColumn ?? 'create_time')} desc, id desc)`,
};

/** The statement building an index without blocking writes. */
export function createIndexSql(index: SearchIndex): string {
  return `create index concurrently if not exists ${quoteIdent(index.name)} on ${quoteIdent(index.table)} ${INDEX_BODY[index.kind](index)}`;
}

export function dropIndexSql(name: string): string {
  return `drop index concurrently if exists ${quoteIdent(name)}`;
}
