import { sql, type Expression, type SqlBool } from 'kysely';
import { nextDay, relativeDateRange, type Condition, type FieldKind, type MatchType } from '@park/core';
import type { ConditionDialect } from './dialect.ts';

/*
 * The one condition compiler (DESIGN.md §11, ADR 0008 §2): the form list, its exports and data
 * sources, flows' SQL filters and the report engine (queryConditions, superConditions,
 * drillingConditions) all write a checked condition tree (core parseConditions) here. What a key
 * stands for is the caller's: a form column, or for reports a column at a date level, an aggregate
 * or a calculated field, on PostgreSQL or MySQL.
 */

/** How a column is stored, which decides how a condition on it is written. */
export interface QueryColumn {
  /** How values compare (core FieldKind): numbers numerically, dates as date text, the rest as text. */
  kind: FieldKind;
  /**
   * Its SQL type: text gets `= ''` for `$empty`; numbers are bound as numerics; a timestamptz
   * compares with a timestamptz value; `timestamp` (external sources) with the value as sent.
   */
  sql: 'text' | 'numeric' | 'timestamptz' | 'bigint' | 'timestamp';
  /**
   * For `$all`: comma-joined text, or the JSON text of `[{k,v}]` that m_ pickers store — every value
   * must be in the list. Without a list (numbers, date levels, external columns), `$all` means one
   * of the values (`in`).
   */
  list?: 'comma' | 'json';
}

/** The expression a condition key stands for, and how it compares. */
export interface CondOperand extends QueryColumn {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a checked column of a runtime table
  expr: Expression<any>;
}

type Leaf = Extract<Condition, { kind: 'leaf' }>;
/** A `$like` or `$hlike` condition: the ones a list may write for the gram index (form/list/likePlan.ts). */
export type LikeLeaf = Leaf;
type Bool = Expression<SqlBool>;

export interface CompileOptions {
  /**
   * `$like`/`$hlike` leaves to write for the gram index (PostgreSQL, form tables): a necessary
   * condition the index serves exactly, then the ILIKE itself in a form no trigram index matches
   * (dialect `ilikeUnindexed`), so the planner cannot pair the exact gram scan with a lossy trigram
   * scan whose recheck would compute every candidate's grams (ADR 0014). Same rows either way. The
   * other leaves are written as plain ILIKE when a trigram index can narrow them, else in that
   * form too (ADR 0030).
   */
  gramLeaves?: ReadonlySet<LikeLeaf>;
}

/** `%` and `_` typed by a user are data, not wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function value(d: ConditionDialect, o: CondOperand, v: string | number | null) {
  if (o.sql === 'timestamptz') return d.timestampParam(String(v));
  if (o.kind === 'number' || o.sql === 'numeric' || o.sql === 'bigint') return d.numberParam(v ?? 0);
  return sql`${String(v)}`;
}

/** An upper bound for date text: a bare day includes the whole day. */
function upper(o: CondOperand, v: string | number): { op: '<' | '<='; v: string | number } {
  if (o.kind === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return { op: '<', v: nextDay(v) };
  return { op: '<=', v };
}

const and = (parts: Bool[]): Bool => (parts.length === 0 ? sql<SqlBool>`true` : parts.length === 1 ? parts[0]! : sql<SqlBool>`(${sql.join(parts, sql` and `)})`);
const or = (parts: Bool[]): Bool => (parts.length === 0 ? sql<SqlBool>`false` : parts.length === 1 ? parts[0]! : sql<SqlBool>`(${sql.join(parts, sql` or `)})`);

type LeafWriter = (d: ConditionDialect, o: CondOperand, c: Leaf, now: Date, options?: CompileOptions) => Bool;

const cmp =
  (op: '=' | '>' | '>=' | '<' | '<='): LeafWriter =>
  (d, o, c) =>
    sql<SqlBool>`${o.expr} ${sql.raw(op)} ${value(d, o, c.values[0]!)}`;

/**
 * pg_trgm takes its trigrams from runs of letters and digits: under the cluster's C locale only
 * ASCII ones (Chinese characters are separators), under any locale three in a row for a fragment
 * inside `%…%`. A fragment without such a run gives a trigram index nothing to look up, and GIN then
 * hands back every row of the table for recheck; the planner takes that plan whenever its
 * statistics guess few matches, which is the luck of ANALYZE (issue 43, ADR 0030). So only a
 * fragment with such a run is written where a trigram index can serve it.
 */
const TRIGRAM_RUN = /[A-Za-z0-9]{3}/;

/** Whether a trigram index can narrow a search for `fragment` (else it must not be offered one). */
export function trigramsNarrow(fragment: string): boolean {
  return TRIGRAM_RUN.test(fragment);
}

function likeOf(prefix: string, suffix: string): LeafWriter {
  return (d, o, c, _now, options) => {
    const fragment = String(c.values[0]);
    const pattern = `${prefix}${escapeLike(fragment)}${suffix}`;
    if (!options?.gramLeaves?.has(c)) return trigramsNarrow(fragment) ? d.ilike(o.expr, pattern) : d.ilikeUnindexed(o.expr, pattern);
    return and([sql<SqlBool>`park_text_grams(${o.expr}) @> park_fragment_grams(${fragment})`, d.ilikeUnindexed(o.expr, pattern)]);
  };
}

function dateRange(d: ConditionDialect, o: CondOperand, from: string | number | null, to: string | number | null): Bool {
  const parts: Bool[] = [];
  if (from !== null) parts.push(sql<SqlBool>`${o.expr} >= ${value(d, o, from)}`);
  if (to !== null) {
    const u = upper(o, to);
    parts.push(sql<SqlBool>`${o.expr} ${sql.raw(u.op)} ${value(d, o, u.v)}`);
  }
  return and(parts);
}

const relative: LeafWriter = (d, o, c, now) => {
  const { from, to } = relativeDateRange(c.op, Number(c.values[0]), now);
  return dateRange(d, o, from, to);
};

/** One writer per match type: a fixed allowlist, so nothing from the request becomes SQL text. */
const WRITERS: Record<MatchType, LeafWriter> = {
  $eq: cmp('='),
  $neq: (d, o, c) => d.distinctFrom(o.expr, value(d, o, c.values[0]!)),
  $gt: cmp('>'),
  $gte: cmp('>='),
  $lt: cmp('<'),
  $lte: cmp('<='),
  $like: likeOf('%', '%'),
  $hlike: likeOf('', '%'),
  $nlike: (d, o, c, now) => or([sql<SqlBool>`${o.expr} is null`, sql<SqlBool>`not (${likeOf('%', '%')(d, o, c, now)})`]),
  $null: (_d, o) => sql<SqlBool>`${o.expr} is null`,
  $notnull: (_d, o) => sql<SqlBool>`${o.expr} is not null`,
  $empty: (_d, o) => (o.sql === 'text' ? or([sql<SqlBool>`${o.expr} is null`, sql<SqlBool>`${o.expr} = ''`]) : sql<SqlBool>`${o.expr} is null`),
  $in: (d, o, c) => dateRange(d, o, c.values[0] ?? null, c.values[1] ?? null),
  $all: (d, o, c) =>
    o.list === 'json'
      ? and(c.values.map((v) => d.jsonListHas(o.expr, String(v))))
      : o.list === 'comma'
        ? and(c.values.map((v) => d.commaListHas(o.expr, escapeLike(String(v)))))
        : sql<SqlBool>`${o.expr} in (${sql.join(c.values.map((v) => value(d, o, v)))})`,
  $dayAgo: relative,
  $weekAgo: relative,
  $monthAgo: relative,
  $theDay: relative,
  $dayAfter: relative,
  $weekAfter: relative,
  $monthAfter: relative,
};

/**
 * Writes a checked condition tree as one boolean expression. Keys were checked by parseConditions
 * against the caller's columns; `operandOf` says what each key stands for. Values are always bound
 * parameters.
 */
export function conditionSql(d: ConditionDialect, cond: Condition, operandOf: (key: string) => CondOperand, now: Date, options?: CompileOptions): Bool {
  if (cond.kind === 'group') {
    const parts = cond.children.map((c) => conditionSql(d, c, operandOf, now, options));
    return cond.relation === 'or' ? or(parts) : and(parts);
  }
  return WRITERS[cond.op](d, operandOf(cond.key), cond, now, options);
}
