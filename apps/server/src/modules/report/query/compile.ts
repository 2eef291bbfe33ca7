import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { CondTarget, DimSpec, MeasureSpec, ReportQuery } from '@park/core';
import { AGGREGATE_SQL } from './dialects.ts';
import { conditionSql, type CondOperand } from '../../../db/conditions/conditionSql.ts';
import { COUNT_CAP } from '../../form/worker.ts';
import type { AnyExpr, DatasetPlan } from './plan.ts';

/*
 * A checked report query as one SELECT. Output columns are named c0, c1, … in SQL (names the
 * caller chose, aliases included, never reach the text) and renamed to their keys afterwards;
 * GROUP BY and ORDER BY use positions, so calculated fields with bound numbers group correctly.
 */

export interface OutputColumn {
  key: string;
  /** Turned into a number when read (aggregates and numeric columns come back as text from pg). */
  numeric: boolean;
}

export interface CompiledReport {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a runtime table
  query: SelectQueryBuilder<any, any, any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a runtime table
  countQuery: SelectQueryBuilder<any, any, any> | null;
  columns: OutputColumn[];
}

function dimExpr(plan: DatasetPlan, d: Pick<DimSpec, 'col' | 'dateDim'>): AnyExpr {
  const c = plan.column(d.col);
  return d.dateDim ? plan.dialect.dateLevel(c.expr, c.stored, d.dateDim) : c.expr;
}

function measureExpr(plan: DatasetPlan, m: Pick<MeasureSpec, 'col' | 'aggregate'>): RawBuilder<unknown> {
  const c = plan.column(m.col);
  const base = m.aggregate === 'sum' || m.aggregate === 'avg' ? plan.dialect.toNumber(c.expr, c.stored) : c.expr;
  return AGGREGATE_SQL[m.aggregate](base);
}

/** What a condition key of the query stands for: an aggregate, a date level or a column as it is stored. */
function operand(plan: DatasetPlan, targets: ReadonlyMap<string, CondTarget>) {
  return (key: string): CondOperand => {
    const t = targets.get(key);
    if (!t) throw new Error(`condition on unknown key ${key}`);
    const c = plan.column(t.col);
    if (t.aggregate !== 'none') return { expr: measureExpr(plan, t), kind: 'number', sql: 'numeric' };
    if (t.dateDim && t.dateDim !== 'full') return { expr: plan.dialect.dateLevel(c.expr, c.stored, t.dateDim), kind: 'string', sql: 'text' };
    const kind = t.col.dataType === 'Number' ? 'number' : t.col.dataType === 'Date' ? 'date' : 'string';
    if (kind === 'number' && c.stored !== 'numeric') return { expr: plan.dialect.toNumber(c.expr, c.stored), kind, sql: 'numeric' };
    return { expr: c.expr, kind, sql: c.stored, list: c.list };
  };
}

/** Every dimension and measure, then conditions, grouping, order and the row window (limit + 1). */
/** `all` drops the row window, for exports that stream every row. */
export function compileReport(plan: DatasetPlan, q: ReportQuery, now: Date, window: 'page' | 'all' = 'page'): CompiledReport {
  const dims = [...q.dims, ...q.columnDims];
  const selections: Array<{ expr: AnyExpr; key: string; numeric: boolean }> = [
    ...dims.map((d) => ({ expr: dimExpr(plan, d), key: d.key, numeric: !d.dateDim && d.col.dataType === 'Number' })),
    ...q.measures.map((m) => ({
      expr: measureExpr(plan, m),
      key: m.key,
      numeric: m.aggregate === 'count' || m.aggregate === 'distinct' || m.col.dataType === 'Number',
    })),
  ];
  let base = plan.db.selectFrom(plan.from);
  for (const j of plan.joins) base = base.innerJoin(`${j.table} as ${j.alias}`, j.left, j.right);
  const op = operand(plan, q.targets);
  const wheres = [plan.scope, q.where ? conditionSql(plan.dialect, q.where, op, now) : null].filter((w) => w !== null);
  for (const w of wheres) base = base.where(w);

  let query = base.select(selections.map((s, i) => sql`${s.expr}`.as(`c${i}`)));
  if (q.grouped && dims.length > 0) query = query.groupBy(dims.map((_, i) => sql.raw(String(i + 1))));
  if (q.having) query = query.having(conditionSql(plan.dialect, q.having, op, now));
  const index = new Map(selections.map((s, i) => [s.key, i]));
  const order = q.sorts.map((s) => sql`${sql.raw(String(index.get(s.key)! + 1))} ${sql.raw(s.order)}`);
  if (order.length === 0 && !q.grouped && plan.defaultOrder) order.push(sql`${sql.ref(plan.defaultOrder)} desc`);
  for (const o of order) query = query.orderBy(o);

  // A cross table pivots all of its cells in the server, so it reads up to its cap of cells.
  const limit = q.shape === 'cross' ? q.limit * 50 : q.limit;
  // Totals are capped like the list pages' (a count past COUNT_CAP costs more than it tells).
  const countQuery = q.paged && window === 'page' ? plan.db.selectFrom(query.clearOrderBy().limit(COUNT_CAP + 1).as('r')).select(sql<string>`count(*)`.as('n')) : null;
  if (window === 'page') query = query.limit(limit + 1).offset(q.offset);
  return { query, countQuery, columns: selections.map((s) => ({ key: s.key, numeric: s.numeric })) };
}
