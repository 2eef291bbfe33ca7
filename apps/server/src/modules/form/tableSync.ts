import { sql, type Kysely } from 'kysely';
import { SYSTEM_COLUMNS, type Column } from '@park/core';
import { formTable, subTable } from './tableNames.ts';

export interface StorageLayout {
  main: Column[];
  subTables: Array<{ subKey: string; columns: Column[] }>;
  /** Columns lists sort and filter by ranges (dates and times): indexed on the main table. */
  indexed?: string[];
}

export interface SyncReport {
  createdTables: string[];
  /** `table.column` for every column added. */
  addedColumns: string[];
  /** Columns whose control changed type; the column keeps its type so no data is lost. */
  keptTypes: string[];
}

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/**
 * Brings a form's tables in line with its design, inside the caller's transaction: creates missing
 * tables, adds missing columns, and never drops or narrows anything — a removed control keeps its
 * column and its data (DESIGN.md §4). Identifiers were checked by validateFormMeta beforehand and
 * reach SQL only as quoted identifiers through Kysely's schema builder.
 */
export async function syncFormTables(trx: Kysely<unknown>, formId: string, layout: StorageLayout): Promise<SyncReport> {
  const db = trx as unknown as AnyDb;
  const report: SyncReport = { createdTables: [], addedColumns: [], keptTypes: [] };
  const main = formTable(formId);
  await ensureTable(db, main, null, report);
  await ensureColumns(db, main, layout.main, report);
  for (const column of layout.indexed ?? []) await ensureIndex(db, main, column);
  for (const sub of layout.subTables) {
    const name = subTable(formId, sub.subKey);
    await ensureTable(db, name, main, report);
    await ensureColumns(db, name, sub.columns, report);
  }
  return report;
}

/** What syncFormTables would do, and what it leaves alone: the designer shows it before 发布. */
export interface TablePlan {
  createdTables: string[];
  /** `table.column` for every column that would be added. */
  addedColumns: string[];
  /** `table.column` of data columns no control uses any more: kept, with their data. */
  keptColumns: string[];
  /** Sub-tables whose sub-table control is gone: kept, with their rows. */
  keptTables: string[];
  keptTypes: string[];
}

/** Columns every form table has (DESIGN §4); never a control's, never reported as kept. */
const SYSTEM_COLUMN_SET = new Set(SYSTEM_COLUMNS);

/**
 * The dry run of syncFormTables: reads the catalogue only, runs no DDL. It reads the same
 * information_schema rows the sync compares against, so the two cannot disagree.
 */
export async function planFormTables(db: Kysely<unknown>, formId: string, layout: StorageLayout): Promise<TablePlan> {
  const plan: TablePlan = { createdTables: [], addedColumns: [], keptColumns: [], keptTables: [], keptTypes: [] };
  const main = formTable(formId);
  const tables = [
    { name: main, columns: layout.main },
    ...layout.subTables.map((sub) => ({ name: subTable(formId, sub.subKey), columns: sub.columns })),
  ];
  for (const table of tables) {
    const existing = await tableColumns(db, table.name);
    if (existing.size === 0) plan.createdTables.push(table.name);
    const wanted = new Set(table.columns.map((c) => c.name));
    for (const col of table.columns) {
      const have = existing.get(col.name);
      if (have === undefined) plan.addedColumns.push(`${table.name}.${col.name}`);
      else if (have !== col.sqlType) plan.keptTypes.push(`${table.name}.${col.name}`);
    }
    for (const name of existing.keys()) {
      if (!wanted.has(name) && !SYSTEM_COLUMN_SET.has(name)) plan.keptColumns.push(`${table.name}.${name}`);
    }
  }
  // Sub-tables whose sub-table control is gone keep their table and rows as well.
  const pattern = `${main}__`.replace(/_/g, '\\_') + '%';
  const subs = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_name like ${pattern} order by table_name`.execute(db);
  const known = new Set(tables.map((t) => t.name));
  for (const row of subs.rows) if (!known.has(row.table_name)) plan.keptTables.push(row.table_name);
  return plan;
}

async function tableExists(db: AnyDb, name: string): Promise<boolean> {
  const r = await sql<{ found: boolean }>`select to_regclass(${'public.' + quoteIdent(name)}) is not null as found`.execute(db);
  return r.rows[0]?.found === true;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function ensureTable(db: AnyDb, name: string, parent: string | null, report: SyncReport): Promise<void> {
  if (await tableExists(db, name)) return;
  let builder = db.schema
    .createTable(name)
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('create_by', 'bigint')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'bigint')
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('company_id', 'bigint')
    .addColumn('org_id', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1));
  if (parent) {
    builder = builder.addColumn('parent_id', 'bigint', (c) => c.notNull().references(`${parent}.id`).onDelete('cascade'));
  }
  await builder.execute();
  // Lists sort newest first and company users filter by company, so both are indexed from the start.
  await db.schema.createIndex(`${name}_ctime_idx`).on(name).columns(['create_time desc', 'id desc']).execute();
  await db.schema.createIndex(`${name}_company_idx`).on(name).column('company_id').execute();
  if (parent) await db.schema.createIndex(`${name}_parent_idx`).on(name).columns(['parent_id', 'id']).execute();
  report.createdTables.push(name);
}

async function ensureColumns(db: AnyDb, table: string, columns: Column[], report: SyncReport): Promise<void> {
  const existing = await sql<{ column_name: string; data_type: string }>`
    select column_name, data_type from information_schema.columns
    where table_schema = 'public' and table_name = ${table}`.execute(db);
  const types = new Map(existing.rows.map((r) => [r.column_name, r.data_type]));
  for (const col of columns) {
    const have = types.get(col.name);
    if (have === undefined) {
      await db.schema.alterTable(table).addColumn(col.name, col.sqlType).execute();
      types.set(col.name, col.sqlType);
      report.addedColumns.push(`${table}.${col.name}`);
    } else if (have !== col.sqlType) {
      report.keptTypes.push(`${table}.${col.name}`);
    }
  }
}

/**
 * A date column sorted on a million-row list needs an index, or every page sorts the whole table.
 * Names are shortened with a hash so two long names cannot collide after PostgreSQL's truncation.
 */
async function ensureIndex(db: AnyDb, table: string, column: string): Promise<void> {
  let name = `${table}_${column}_idx`;
  if (name.length > 63) name = `${table.slice(0, 40)}_${hash(column)}_idx`;
  await db.schema.createIndex(name).ifNotExists().on(table).column(column).execute();
}

function hash(text: string): string {
  let h = 0;
  for (const ch of text) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  return h.toString(36);
}

/** The data columns a table has now, with their types; the source of truth for reads and writes. */
export async function tableColumns(db: Kysely<unknown>, table: string): Promise<Map<string, 'text' | 'numeric' | 'other'>> {
  const r = await sql<{ column_name: string; data_type: string }>`
    select column_name, data_type from information_schema.columns
    where table_schema = 'public' and table_name = ${table}`.execute(db);
  return new Map(
    r.rows.map((c) => [c.column_name, c.data_type === 'text' ? 'text' : c.data_type === 'numeric' ? 'numeric' : 'other'] as const),
  );
}
