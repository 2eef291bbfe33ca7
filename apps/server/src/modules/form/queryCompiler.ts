import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { nextDay, relativeDateRange, type Condition, type MatchType } from '@park/core';

/** How a column is stored, which decides how a condition on it is written. */
export interface QueryColumn {
  kind: 'number' | 'date' | 'string';
  /** timestamptz system columns compare as timestamps; form columns hold date text. */
  sql: 'text' | 'numeric' | 'timestamptz' | 'bigint';
  /** For `$all`: comma-joined text, or the JSON text of `[{k,v}]` that m_ pickers store. */
  list?: 'comma' | 'json';
}

type Eb = ExpressionBuilder<Record<string, Record<string, unknown>>, string>;
type Leaf = Extract<Condition, { kind: 'leaf' }>;
/** A `$like` or `$hlike` condition: the ones a list may write for the gram index (list/likePlan.ts). */
export type LikeLeaf = Leaf;

export interface CompileOptions {
  /**
   * `$like`/`$hlike` leaves to write for the gram index: a necessary condition the index serves
   * exactly, then the ILIKE itself on `col || ''`, an expression no trigram index matches, so the
   * planner cannot pair the exact gram scan with a lossy trigram scan whose recheck would compute
   * every candidate's grams (ADR 0014). Same rows either way.
   */
  gramLeaves?: ReadonlySet<LikeLeaf>;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a checked column of a runtime table
type Ref = Expression<any>;

/** `%` and `_` typed by a user are data, not wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function value(col: QueryColumn, v: string | number | null) {
  if (col.sql === 'timestamptz') return sql`${String(v)}::timestamptz`;
  if (col.sql === 'numeric' || col.sql === 'bigint') return sql`${v}::numeric`;
  return sql`${String(v)}`;
}

/** An upper bound for date text: a bare day includes the whole day. */
function upper(col: QueryColumn, v: string | number): { op: '<' | '<='; v: string | number } {
  if (col.kind === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return { op: '<', v: nextDay(v) };
  return { op: '<=', v };
}

type LeafWriter = (eb: Eb, ref: Ref, col: QueryColumn, c: Leaf, now: Date, options?: CompileOptions) => Expression<SqlBool>;

const cmp =
  (op: '=' | '>' | '>=' | '<' | '<='): LeafWriter =>
  (eb, ref, col, c) =>
    eb(ref, op, value(col, c.values[0]!));

function likeOf(prefix: string, suffix: string): LeafWriter {
  return (eb, ref, _col, c, _now, options) => {
    const pattern = `${prefix}${escapeLike(String(c.values[0]))}${suffix}`;
    if (!options?.gramLeaves?.has(c)) return eb(sql`${ref}::text`, 'ilike', pattern);
    return eb.and([
      eb(sql`park_text_grams(${ref})`, '@>', sql`park_fragment_grams(${String(c.values[0])})`),
      eb(sql`(${ref} || '')`, 'ilike', pattern),
    ]);
  };
}

function dateRange(eb: Eb, ref: Ref, col: QueryColumn, from: string | number | null, to: string | number | null) {
  const parts: Expression<SqlBool>[] = [];
  if (from !== null) parts.push(eb(ref, '>=', value(col, from)));
  if (to !== null) {
    const u = upper(col, to);
    parts.push(eb(ref, u.op, value(col, u.v)));
  }
  return eb.and(parts);
}

const relative: LeafWriter = (eb, ref, col, c, now) => {
  const { from, to } = relativeDateRange(c.op, Number(c.values[0]), now);
  return dateRange(eb, ref, col, from, to);
};

/** One writer per match type: a fixed allowlist, so nothing from the request becomes SQL text. */
const WRITERS: Record<MatchType, LeafWriter> = {
  $eq: cmp('='),
  $neq: (eb, ref, col, c) => eb(ref, 'is distinct from', value(col, c.values[0]!)),
  $gt: cmp('>'),
  $gte: cmp('>='),
  $lt: cmp('<'),
  $lte: cmp('<='),
  $like: likeOf('%', '%'),
  $hlike: likeOf('', '%'),
  $nlike: (eb, ref, col, c) => eb.or([eb(ref, 'is', null), eb.not(likeOf('%', '%')(eb, ref, col, c, new Date()))]),
  $null: (eb, ref) => eb(ref, 'is', null),
  $notnull: (eb, ref) => eb(ref, 'is not', null),
  $empty: (eb, ref, col) => (col.sql === 'text' ? eb.or([eb(ref, 'is', null), eb(ref, '=', '')]) : eb(ref, 'is', null)),
  $in: (eb, ref, col, c) => dateRange(eb, ref, col, c.values[0] ?? null, c.values[1] ?? null),
  $all: (eb, ref, col, c) =>
    eb.and(
      c.values.map((v) =>
        col.list === 'json'
          ? eb(sql`${ref}::jsonb`, '@>', sql`${JSON.stringify([{ k: String(v) }])}::jsonb`)
          : eb(sql`',' || ${ref} || ','`, 'like', `%,${escapeLike(String(v))},%`),
      ),
    ),
  $dayAgo: relative,
  $weekAgo: relative,
  $monthAgo: relative,
  $theDay: relative,
  $dayAfter: relative,
  $weekAfter: relative,
  $monthAfter: relative,
};

/**
 * Writes a checked condition tree as a WHERE expression. Keys were checked against the form's
 * columns by parseConditions; values are always bound parameters.
 */
export function compileCondition(
  eb: Eb,
  cond: Condition,
  columns: ReadonlyMap<string, QueryColumn>,
  now: Date,
  options?: CompileOptions,
): Expression<SqlBool> {
  if (cond.kind === 'group') {
    const parts = cond.children.map((c) => compileCondition(eb, c, columns, now, options));
    return cond.relation === 'or' ? eb.or(parts) : eb.and(parts);
  }
  const col = columns.get(cond.key);
  if (!col) throw new Error(`condition on unknown column ${cond.key}`);
  return WRITERS[cond.op](eb, eb.ref(cond.key) as unknown as Ref, col, cond, now, options);
}
