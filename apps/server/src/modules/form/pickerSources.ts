import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import {
  ConditionError,
  definitionOf,
  flattenControls,
  labelColumnOf,
  parseConditions,
  subTableChildren,
  subTablesOf,
  type Condition,
  type FormColumnDesc,
  type FormControl,
} from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { AppContext } from '../../context.ts';
import { likeContains } from '../../plugins/scope.ts';
import { isUnscoped, scopeCondition, type RecordScope } from './recordAccess.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import type { FormModel, TableModel } from './formModel.ts';
import { compileCondition } from './queryCompiler.ts';
import { COUNT_CAP, type Row } from './recordStore.ts';

/*
 * Picker sources: form tables as the data behind controls' pickers (spec 000 §7: preview data
 * query, mounted data query). Not the report module's datasources (report/reportDatasources.ts);
 * the API keeps the original client's paths (/api/form/datasource/...).
 * A table name or a column name from the request is only ever compared with the names of saved
 * designs; what reaches SQL is the model's own name, never the caller's text.
 */

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
const anyDb = (db: Kysely<Database>) => db as unknown as AnyDb;

/** form_<id> or form_<id>__<subKey>, nothing else: no schema, no quoting, no other table. */
const FORM_TABLE = /^form_([1-9]\d{0,15})(?:__([A-Za-z][A-Za-z0-9_]{0,62}))?$/;
const MAX_COLUMNS = 100;

export const NO_DATA_CONFIG = '未选择任何的数据配置项';
export const notAFormTable = (name: string) => `数据表 ${name.slice(0, 64)} 不存在或不允许查询`;
export const notAColumn = (name: string) => `数据列 ${name.slice(0, 64)} 不存在`;

export interface FormTableRef {
  model: FormModel;
  table: TableModel;
}

/** The form table a name denotes, if it is the main or a sub-table of a saved design. */
export async function resolveFormTable(ctx: Pick<AppContext, 'db' | 'forms'>, rawName: unknown): Promise<FormTableRef> {
  const name = typeof rawName === 'string' ? rawName.trim() : '';
  const m = FORM_TABLE.exec(name);
  if (!m) throw badRequest(notAFormTable(name || String(rawName ?? '')));
  let model: FormModel;
  try {
    model = await ctx.forms.load(ctx.db, m[1]!);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) throw badRequest(notAFormTable(name));
    throw err;
  }
  const table = m[2] === undefined ? model.main : model.subs.get(m[2]);
  if (!table || table.table !== name) throw badRequest(notAFormTable(name));
  return { model, table };
}

/** Column names from `a,b,c` or a repeated query parameter; each must be a column of the table. */
export function checkedColumns(raw: unknown, table: TableModel): string[] {
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => (v === undefined || v === null ? [] : String(v).split(',')));
  const cols = [...new Set(parts.map((p) => p.trim()).filter(Boolean))];
  if (cols.length > MAX_COLUMNS) throw badRequest('查询的数据列过多');
  for (const c of cols) if (!table.queryColumns.has(c)) throw badRequest(notAColumn(c));
  return cols;
}

/** Conditions sent as JSON text (or already parsed), checked against the table's columns. */
export function checkedCondition(raw: unknown, table: TableModel): Condition | null {
  let input = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return null;
    try {
      input = JSON.parse(raw);
    } catch {
      throw badRequest('查询条件格式不正确');
    }
  }
  try {
    return parseConditions(input, table.queryColumns);
  } catch (err) {
    if (err instanceof ConditionError) throw badRequest(err.message);
    throw err;
  }
}

export interface ColumnQuery {
  columns: string[];
  /** Matched with $like semantics (% and _ are literal) against these text columns, any of them. */
  keyword?: { text: string; columns: string[] };
  condition?: Condition | null;
  pageNum: number;
  pageSize: number;
}

/** Rows of a form table, newest first, with id and the chosen columns; company scope applies. */
export async function queryTableColumns(
  db: Kysely<Database>,
  table: TableModel,
  q: ColumnQuery,
  scope: RecordScope,
): Promise<{ rows: Row[]; totalCount: number }> {
  const now = new Date();
  const filtered = () => {
    let query = anyDb(db).selectFrom(table.table);
    if (!isUnscoped(scope)) query = query.where((eb) => scopeCondition(eb, scope));
    if (q.keyword) {
      const pattern = likeContains(q.keyword.text);
      const textCols = q.keyword.columns.filter((c) => table.queryColumns.get(c)?.kind === 'string');
      query = query.where((eb) =>
        textCols.length === 0 ? sql<SqlBool>`false` : eb.or(textCols.map((c): Expression<SqlBool> => eb(eb.ref(c), 'ilike', pattern))),
      );
    }
    const cond = q.condition;
    if (cond) query = query.where((eb) => compileCondition(eb, cond, table.queryColumns, now));
    return query;
  };
  const select = ['id', ...q.columns.filter((c) => c !== 'id')];
  const page = filtered()
    .select(select)
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const capped = anyDb(db)
    .selectFrom(filtered().select(sql<number>`1`.as('one')).limit(COUNT_CAP + 1).as('c'))
    .select((eb) => eb.fn.countAll<string>().as('n'));
  const [rows, count] = await Promise.all([page.execute(), capped.executeTakeFirstOrThrow()]);
  return { rows, totalCount: Math.min(Number(count.n), COUNT_CAP) };
}

/** Every control of a form, sub-table columns included, with the table it is stored in. */
export function allControls(model: FormModel): Array<{ control: FormControl; table: TableModel }> {
  const out = flattenControls(model.meta).map((control) => ({ control, table: model.main }));
  for (const sub of subTablesOf(model.meta)) {
    const table = model.subs.get(String(sub.model ?? ''));
    if (!table) continue;
    for (const control of flattenControls(subTableChildren(sub))) out.push({ control, table });
  }
  return out;
}

/** The control a picker call names by its key (or, failing that, its model). */
export function controlByKey(model: FormModel, key: string): FormControl {
  const all = allControls(model);
  const found = all.find((c) => c.control.key === key) ?? all.find((c) => c.control.model === key);
  if (!found) throw badRequest(`控件 ${key.slice(0, 64)} 不存在`);
  return found.control;
}

const SYSTEM_DESC: Record<string, [string, string]> = {
  id: ['ID', 'bigint'],
  parent_id: ['父表数据ID', 'bigint'],
  create_by: ['创建人', 'bigint'],
  create_time: ['创建时间', 'timestamptz'],
  update_by: ['修改人', 'bigint'],
  update_time: ['修改时间', 'timestamptz'],
  company_id: ['所属企业', 'bigint'],
  org_id: ['所属组织', 'bigint'],
  version: ['版本号', 'numeric'],
};

function controlName(control: FormControl): string {
  const name = typeof control.name === 'string' ? control.name.trim() : '';
  return name || String(control.model ?? '');
}

/**
 * The columns of a form table with their labels: id, then each control's columns (a picker's
 * label column and a region's or map's extra columns are marked after the control's name),
 * then the other system columns.
 */
export function describeTable(table: TableModel): FormColumnDesc[] {
  const out: FormColumnDesc[] = [];
  const seen = new Set<string>();
  const push = (columnName: string, columnDesc: string, columnType: string) => {
    if (seen.has(columnName)) return;
    seen.add(columnName);
    out.push({ columnName, columnDesc, columnType });
  };
  push('id', SYSTEM_DESC.id![0], SYSTEM_DESC.id![1]);
  for (const control of table.controls) {
    const columns = definitionOf(control)?.columns(control) ?? [];
    const name = controlName(control);
    columns.forEach((column, i) => {
      let desc = name;
      if (i > 0) desc = column.name === labelColumnOf(control) ? `${name}（显示值）` : `${name}（${column.name}）`;
      push(column.name, desc, column.sqlType);
    });
  }
  for (const [column, [desc, type]] of Object.entries(SYSTEM_DESC)) {
    if (table.queryColumns.has(column)) push(column, desc, type);
  }
  return out;
}
