import { nextDay, relativeDateRange } from './relativeDates.ts';
import type { Condition } from './conditions.ts';
import type { FieldKind } from './matchTypes.ts';
import type { MatchType } from './matchTypes.ts';

type Leaf = Extract<Condition, { kind: 'leaf' }>;
type Value = string | number | null;

/**
 * The same condition the list query compiles to SQL (apps/server db/conditions), decided in memory
 * over one record: flows test the record that triggered them without a query. Numbers compare
 * numerically, dates as yyyy-MM-dd[ HH:mm:ss] text (a bare day as upper bound takes the whole day),
 * text as text; like-matches ignore case as ILIKE does.
 */
export function matchesCondition(cond: Condition, row: Readonly<Record<string, unknown>>, now: Date): boolean {
  if (cond.kind === 'group') {
    return cond.relation === 'or'
      ? cond.children.some((c) => matchesCondition(c, row, now))
      : cond.children.every((c) => matchesCondition(c, row, now));
  }
  return LEAF_TESTS[cond.op](normalise(row[cond.key]), cond, now);
}

function normalise(v: unknown): Value {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') return v;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function compare(kind: FieldKind, a: Value, b: Value): number | null {
  if (a === null || b === null) return null;
  if (kind === 'number') {
    const x = Number(a);
    const y = Number(b);
    if (String(a).trim() === '' || !Number.isFinite(x) || !Number.isFinite(y)) return null;
    return x === y ? 0 : x < y ? -1 : 1;
  }
  const x = String(a);
  const y = String(b);
  return x === y ? 0 : x < y ? -1 : 1;
}

type LeafTest = (v: Value, c: Leaf, now: Date) => boolean;

const cmp =
  (ok: (n: number) => boolean): LeafTest =>
  (v, c) => {
    const r = compare(c.fieldKind, v, c.values[0] ?? null);
    return r !== null && ok(r);
  };

const lower = (v: Value) => String(v ?? '').toLowerCase();

function inRange(v: Value, c: Leaf, from: Value, to: Value): boolean {
  if (v === null) return false;
  if (from !== null && (compare(c.fieldKind, v, from) ?? -1) < 0) return false;
  if (to === null) return true;
  if (c.fieldKind === 'date' && typeof to === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(to)) {
    return (compare('date', v, nextDay(to)) ?? 1) < 0;
  }
  return (compare(c.fieldKind, v, to) ?? 1) <= 0;
}

const relative: LeafTest = (v, c, now) => {
  const { from, to } = relativeDateRange(c.op, Number(c.values[0]), now);
  return inRange(v, c, from, to);
};

function listHas(v: Value, wanted: string): boolean {
  const text = String(v ?? '');
  if (text.startsWith('[')) {
    try {
      const list = JSON.parse(text) as unknown;
      if (Array.isArray(list)) return list.some((item) => String((item as { k?: unknown })?.k ?? item) === wanted);
    } catch {
      // not a JSON list: read as comma-joined text
    }
  }
  return text.split(',').includes(wanted);
}

const LEAF_TESTS: Record<MatchType, LeafTest> = {
  $eq: cmp((r) => r === 0),
  $neq: (v, c) => compare(c.fieldKind, v, c.values[0] ?? null) !== 0,
  $gt: cmp((r) => r > 0),
  $gte: cmp((r) => r >= 0),
  $lt: cmp((r) => r < 0),
  $lte: cmp((r) => r <= 0),
  $like: (v, c) => v !== null && lower(v).includes(lower(c.values[0] ?? '')),
  $hlike: (v, c) => v !== null && lower(v).startsWith(lower(c.values[0] ?? '')),
  $nlike: (v, c) => v === null || !lower(v).includes(lower(c.values[0] ?? '')),
  $null: (v) => v === null,
  $notnull: (v) => v !== null,
  $empty: (v) => v === null || (typeof v === 'string' && v === ''),
  $in: (v, c) => inRange(v, c, c.values[0] ?? null, c.values[1] ?? null),
  // Text holds a list (every value must be in it); a number is one of the values (the SQL's `in`).
  $all: (v, c) => (c.fieldKind === 'number' ? c.values.some((w) => compare('number', v, w) === 0) : c.values.every((w) => listHas(v, String(w)))),
  $dayAgo: relative,
  $weekAgo: relative,
  $monthAgo: relative,
  $theDay: relative,
  $dayAfter: relative,
  $weekAfter: relative,
  $monthAfter: relative,
};
