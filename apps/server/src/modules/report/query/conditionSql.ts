import { sql, type Expression, type RawBuilder } from 'kysely';
import { nextDay, relativeDateRange, type Condition, type CondTarget, type MatchType } from '@park/core';
import type { SqlDialect } from './dialects.ts';

/*
 * Report conditions as SQL. The same match types and meanings as the list pages' compiler
 * (modules/form/queryCompiler.ts), but over an expression (a column at a date level, an aggregate,
 * a calculated field) and for two engines; see the ADR 0008 note on merging the two.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of a runtime table
type Any = Expression<any>;
type Leaf = Extract<Condition, { kind: 'leaf' }>;
type Bool = RawBuilder<boolean>;

/** The expression a condition key stands for, and how its values compare. */
export interface CondOperand {
  expr: Any;
  kind: 'number' | 'date' | 'string';
  /** A comma-joined list column (multi-select text), for `$all`. */
  list: boolean;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

type Writer = (d: SqlDialect, o: CondOperand, c: Leaf, now: Date) => Bool;

function value(d: SqlDialect, o: CondOperand, v: string | number | null): Any {
  return o.kind === 'number' ? d.numberParam(v ?? 0) : sql`${String(v)}`;
}

const cmp =
  (op: '=' | '>' | '>=' | '<' | '<='): Writer =>
  (d, o, c) =>
    sql<boolean>`${o.expr} ${sql.raw(op)} ${value(d, o, c.values[0]!)}`;

function range(d: SqlDialect, o: CondOperand, from: string | number | null, to: string | number | null): Bool {
  const parts: Bool[] = [];
  if (from !== null) parts.push(sql<boolean>`${o.expr} >= ${value(d, o, from)}`);
  if (to !== null) {
    // A bare day as the upper end includes the whole day.
    if (o.kind === 'date' && typeof to === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(to)) parts.push(sql<boolean>`${o.expr} < ${nextDay(to)}`);
    else parts.push(sql<boolean>`${o.expr} <= ${value(d, o, to)}`);
  }
  return parts.length === 0 ? sql<boolean>`true` : sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

const relative: Writer = (d, o, c, now) => {
  const { from, to } = relativeDateRange(c.op, Number(c.values[0]), now);
  return range(d, o, from, to);
};

const like = (prefix: string, suffix: string): Writer => (d, o, c) => d.ilike(o.expr, `${prefix}${escapeLike(String(c.values[0]))}${suffix}`);

/** One writer per match type: a fixed allowlist, so nothing from the request becomes SQL text. */
const WRITERS: Record<MatchType, Writer> = {
  $eq: cmp('='),
  $neq: (d, o, c) => d.distinctFrom(o.expr, value(d, o, c.values[0]!)),
  $gt: cmp('>'),
  $gte: cmp('>='),
  $lt: cmp('<'),
  $lte: cmp('<='),
  $like: like('%', '%'),
  $hlike: like('', '%'),
  $nlike: (d, o, c, now) => sql<boolean>`(${o.expr} is null or not ${like('%', '%')(d, o, c, now)})`,
  $null: (_d, o) => sql<boolean>`${o.expr} is null`,
  $notnull: (_d, o) => sql<boolean>`${o.expr} is not null`,
  $empty: (_d, o) => (o.kind === 'string' ? sql<boolean>`(${o.expr} is null or ${o.expr} = '')` : sql<boolean>`${o.expr} is null`),
  $in: (d, o, c) => range(d, o, c.values[0] ?? null, c.values[1] ?? null),
  $all: (d, o, c) =>
    o.list
      ? sql<boolean>`(${sql.join(c.values.map((v) => d.commaListHas(o.expr, escapeLike(String(v)))), sql` and `)})`
      : sql<boolean>`${o.expr} in (${sql.join(c.values.map((v) => value(d, o, v)))})`,
  $dayAgo: relative,
  $weekAgo: relative,
  $monthAgo: relative,
  $theDay: relative,
  $dayAfter: relative,
  $weekAfter: relative,
  $monthAfter: relative,
};

/** A checked condition tree as one boolean expression; `operand` maps a key to its expression. */
export function conditionSql(d: SqlDialect, cond: Condition, operand: (t: CondTarget) => CondOperand, targets: ReadonlyMap<string, CondTarget>, now: Date): Bool {
  if (cond.kind === 'group') {
    const parts = cond.children.map((c) => conditionSql(d, c, operand, targets, now));
    return sql<boolean>`(${sql.join(parts, cond.relation === 'or' ? sql` or ` : sql` and `)})`;
  }
  const target = targets.get(cond.key);
  if (!target) throw new Error(`condition on unknown key ${cond.key}`);
  return WRITERS[cond.op](d, operand(target), cond, now);
}
