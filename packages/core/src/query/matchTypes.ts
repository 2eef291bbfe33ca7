/** Match types of list filters, report filters and flow conditions (DESIGN.md §5, spec 001 §3.6). */
export const MATCH_TYPES = [
  '$eq',
  '$neq',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$like',
  '$nlike',
  '$hlike',
  '$null',
  '$notnull',
  '$empty',
  '$in',
  '$all',
  '$dayAgo',
  '$weekAgo',
  '$monthAgo',
  '$theDay',
  '$dayAfter',
  '$weekAfter',
  '$monthAfter',
] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

const MATCH_TYPE_SET: ReadonlySet<string> = new Set(MATCH_TYPES);
export function isMatchType(x: unknown): x is MatchType {
  return typeof x === 'string' && MATCH_TYPE_SET.has(x);
}

/** Match types that take no value. */
export const VALUELESS: ReadonlySet<MatchType> = new Set(['$null', '$notnull', '$empty']);
/** Relative-date match types: the value is a count of days, weeks or months. */
export const RELATIVE_DATE: ReadonlySet<MatchType> = new Set([
  '$dayAgo',
  '$weekAgo',
  '$monthAgo',
  '$theDay',
  '$dayAfter',
  '$weekAfter',
  '$monthAfter',
]);

/** How a column compares: numbers numerically, dates as yyyy-MM-dd[ HH:mm:ss] text, the rest as text. */
export type FieldKind = 'number' | 'date' | 'string';

/** Which match types make sense for a kind; anything else is refused, never broadened. */
export const MATCH_TYPES_BY_KIND: Record<FieldKind, ReadonlySet<MatchType>> = {
  number: new Set(['$eq', '$neq', '$gt', '$gte', '$lt', '$lte', '$in', '$null', '$notnull', '$all']),
  date: new Set([
    '$eq',
    '$neq',
    '$gt',
    '$gte',
    '$lt',
    '$lte',
    '$in',
    '$null',
    '$notnull',
    '$empty',
    ...RELATIVE_DATE,
  ]),
  /** Text takes every match type but the relative dates. */
  string: new Set(MATCH_TYPES.filter((type) => !RELATIVE_DATE.has(type))),
};
