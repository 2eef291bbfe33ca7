/**
 * The fixed lists a report query is built from (spec 002 §9, origin Constants.json). Anything a
 * widget sends is compared with these; nothing outside them reaches SQL.
 */

/** Aggregates of a measure. `dscount` is the origin client's name for a distinct count. */
export const AGGREGATES = ['none', 'sum', 'avg', 'count', 'distinct', 'dscount', 'max', 'min'] as const;
export type Aggregate = (typeof AGGREGATES)[number];
/** What an aggregate computes: the two distinct-count spellings are one function. */
export type AggregateFn = Exclude<Aggregate, 'dscount'>;

export const AGGREGATE_LABELS: Record<AggregateFn, string> = {
  none: '无聚合',
  sum: '求和',
  avg: '平均数',
  count: '计数',
  distinct: '去重计数',
  max: '最大值',
  min: '最小值',
};

const AGGREGATE_SET: ReadonlySet<string> = new Set(AGGREGATES);
export function isAggregate(x: unknown): x is Aggregate {
  return typeof x === 'string' && AGGREGATE_SET.has(x);
}
export function aggregateFn(a: Aggregate): AggregateFn {
  return a === 'dscount' ? 'distinct' : a;
}

/** Levels a date column expands into; `full` is the stored value itself. */
export const DATE_LEVELS = ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second', 'full'] as const;
export type DateLevel = (typeof DATE_LEVELS)[number];
const DATE_LEVEL_SET: ReadonlySet<string> = new Set(DATE_LEVELS);
export function isDateLevel(x: unknown): x is DateLevel {
  return typeof x === 'string' && DATE_LEVEL_SET.has(x);
}
export const DATE_LEVEL_LABELS: Record<DateLevel, string> = {
  year: '年',
  quarter: '季度',
  month: '月',
  week: '周',
  day: '日',
  hour: '时',
  minute: '分',
  second: '秒',
  full: '完整时间',
};

export const SORTS = ['none', 'asc', 'desc'] as const;
export type SortOrder = (typeof SORTS)[number];

/** Column types of a dataset, as the origin designer names them. */
export const DATA_TYPES = ['String', 'Number', 'Date'] as const;
export type DataType = (typeof DATA_TYPES)[number];

export const REPORT_LIMITS = {
  /** Groups a chart, kanban or cross table may return (spec 002 §9: querySize 1000). */
  maxQuerySize: 1000,
  defaultQuerySize: 1000,
  /** Table pages (spec 002 §9: options up to 500). */
  maxPageSize: 500,
  defaultPageSize: 100,
  maxColumns: 200,
  maxAxisItems: 50,
  maxExportRows: 1_000_000,
} as const;
