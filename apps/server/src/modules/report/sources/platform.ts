import { sql } from 'kysely';
import type { DataScope, DsColumn, DsMeta } from '@park/core';
import type { AppContext } from '../../../context.ts';
import { badRequest } from '../../../plugins/errors.ts';
import type { AuthContext } from '../../auth/index.ts';
import { resolveFormTable, type FormTableRef } from '../../form/index.ts';
import type { QueryColumn } from '../../../db/conditions/conditionSql.ts';
import { calculatedSql } from '../query/calculated.ts';
import { DIALECTS, type Stored } from '../query/dialects.ts';
import type { AnyDb, ColumnSql, DatasetPlan } from '../query/plan.ts';
import { formDataScope } from './dataScope.ts';

export const PLATFORM_TEXT = {
  oneForm: '一个数据集只能使用一个表单及其子表',
  oneSub: '一个数据集最多使用一个子表',
  missingColumn: (desc: string) => `字段「${desc.slice(0, 32)}」已不在表单中，请同步数据集结构`,
} as const;

export function storedOf(q: QueryColumn): Stored {
  return q.sql === 'numeric' || q.sql === 'bigint' ? 'numeric' : q.sql === 'timestamptz' || q.sql === 'timestamp' ? q.sql : 'text';
}

export function dataTypeOf(q: QueryColumn): DsColumn['dataType'] {
  return q.kind === 'number' ? 'Number' : q.kind === 'date' ? 'Date' : 'String';
}

/** The form tables a dataset names: one form, its main table and at most one sub-table. */
export async function formTablesOf(ctx: Pick<AppContext, 'db' | 'forms'>, meta: DsMeta): Promise<{ main: FormTableRef; sub: FormTableRef | null }> {
  const names = [...new Set([...meta.dim, ...meta.measure].map((c) => c.table))];
  const refs = await Promise.all(names.map((n) => resolveFormTable(ctx, n)));
  const formIds = new Set(refs.map((r) => r.model.formId));
  if (formIds.size !== 1) throw badRequest(PLATFORM_TEXT.oneForm);
  const subs = refs.filter((r) => r.table.subKey !== null);
  if (subs.length > 1) throw badRequest(PLATFORM_TEXT.oneSub);
  const model = refs[0]!.model;
  return { main: { model, table: model.main }, sub: subs[0] ?? null };
}

/**
 * A platform dataset bound for a caller: the form's main table as t0, a sub-table as t1 joined to
 * its parent (rows are then the sub-table's), the caller's data scope on the main table.
 */
export async function bindPlatformDataset(
  ctx: Pick<AppContext, 'db' | 'forms'>,
  reportDb: AnyDb,
  auth: AuthContext,
  grant: DataScope,
  row: { id: string; version: number; meta: DsMeta },
): Promise<DatasetPlan> {
  const { main, sub } = await formTablesOf(ctx, row.meta);
  const aliasOf = (table: string) => (sub && table === sub.table.table ? 't1' : 't0');
  const tableOf = (table: string) => (sub && table === sub.table.table ? sub.table : main.table);
  const dialect = DIALECTS.postgresql;
  const stored = (table: string, name: string) => {
    const q = tableOf(table).queryColumns.get(name);
    if (!q) return undefined;
    return { expr: sql.ref(`${aliasOf(table)}.${name}`), stored: storedOf(q), isNumber: q.kind === 'number', list: q.list };
  };
  const memo = new Map<string, ColumnSql>();
  const column = (col: DsColumn): ColumnSql => {
    const hit = memo.get(col.id);
    if (hit) return hit;
    let out: ColumnSql;
    if (col.express) {
      out = { expr: calculatedSql(col, dialect, (name) => stored(col.table, name)), stored: 'numeric' };
    } else {
      const s = stored(col.table, col.column);
      if (!s) throw badRequest(PLATFORM_TEXT.missingColumn(col.desc));
      out = { expr: s.expr, stored: s.stored, list: s.list };
    }
    memo.set(col.id, out);
    return out;
  };
  const scope = formDataScope(auth, main.model, 't0', grant);
  return {
    datasetId: row.id,
    version: row.version,
    meta: row.meta,
    engine: 'postgresql',
    dialect,
    db: reportDb,
    from: sub ? `${sub.table.table} as t1` : `${main.table.table} as t0`,
    joins: sub ? [{ table: main.table.table, alias: 't0', left: 't0.id', right: 't1.parent_id' }] : [],
    column,
    scope: scope.where,
    scopeKey: scope.key,
    defaultOrder: sub ? 't1.id' : 't0.id',
  };
}
