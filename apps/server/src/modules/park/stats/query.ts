import { Type, type Static } from '@fastify/type-provider-typebox';
import { badRequest } from '../../../plugins/errors.ts';

/** Every statistics call takes the same optional parameters (query string or JSON body). */
export const StatQuery = Type.Object({
  beginTime: Type.Optional(Type.String({ maxLength: 19 })),
  endTime: Type.Optional(Type.String({ maxLength: 19 })),
  /** One day (yyyy-MM-dd) for the calls that show a day by hour. */
  date: Type.Optional(Type.String({ maxLength: 10 })),
  pageNum: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
  plate: Type.Optional(Type.String({ maxLength: 20 })),
  gateId: Type.Optional(Type.Integer({ minimum: 1 })),
  direction: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  vehicleType: Type.Optional(Type.String({ maxLength: 2 })),
  material: Type.Optional(Type.String({ maxLength: 100 })),
  companyName: Type.Optional(Type.String({ maxLength: 100 })),
  riskLevel: Type.Optional(Type.String({ maxLength: 2 })),
  alarmLevel: Type.Optional(Type.String({ maxLength: 2 })),
  alarmType: Type.Optional(Type.String({ maxLength: 20 })),
  handled: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
});
export type StatQuery = Static<typeof StatQuery>;

export type DefaultRange = 'today' | 'last7' | 'last30' | 'thisYear' | 'last12Months' | 'all';

export interface Range {
  from: Date;
  to: Date;
}

export const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** 'yyyy-MM-dd' (a whole day: the end is the next midnight) or 'yyyy-MM-dd HH:mm:ss', server time zone. */
export function parseStatTime(text: string, label: string, asEnd: boolean): Date {
  const day = DAY_ONLY.exec(text);
  const full = DAY_TIME.exec(text);
  const m = day ?? full;
  if (!m) throw badRequest(`${label}格式不正确，应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss`);
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1).map(Number) as number[];
  const date = new Date(y!, mo! - 1, d!, h, mi, s);
  if (date.getFullYear() !== y || date.getMonth() !== mo! - 1 || date.getDate() !== d) throw badRequest(`${label}不是有效日期`);
  return day && asEnd ? addDays(date, 1) : date;
}


function defaultRange(kind: DefaultRange, now: Date): Range {
  const today = startOfDay(now);
  switch (kind) {
    case 'today':
      return { from: today, to: addDays(today, 1) };
    case 'last7':
      return { from: addDays(today, -6), to: addDays(today, 1) };
    case 'last30':
      return { from: addDays(today, -29), to: addDays(today, 1) };
    case 'thisYear':
      return { from: new Date(now.getFullYear(), 0, 1), to: addDays(today, 1) };
    case 'last12Months':
      return { from: new Date(now.getFullYear(), now.getMonth() - 11, 1), to: addDays(today, 1) };
    case 'all':
      return { from: new Date(2000, 0, 1), to: addDays(today, 1) };
  }
}

const MAX_SPAN_DAYS = 3660;

/** The call's time range: what the caller gave, else the call's default. */
export function rangeOf(q: StatQuery, kind: DefaultRange, now = new Date()): Range {
  if (q.date) {
    const from = parseStatTime(q.date, '日期', false);
    return { from, to: addDays(from, 1) };
  }
  const fallback = defaultRange(kind, now);
  const from = q.beginTime ? parseStatTime(q.beginTime, '开始时间', false) : fallback.from;
  const to = q.endTime ? parseStatTime(q.endTime, '结束时间', true) : fallback.to;
  if (from >= to) throw badRequest('开始时间必须早于结束时间');
  if ((q.beginTime || q.endTime) && to.getTime() - from.getTime() > MAX_SPAN_DAYS * 86_400_000) throw badRequest('查询时间跨度不能超过10年');
  return { from, to };
}

export function pageOf(q: StatQuery, size = 10) {
  const pageSize = q.pageSize ?? size;
  const pageNum = q.pageNum ?? 1;
  return { limit: pageSize, offset: (pageNum - 1) * pageSize };
}

const pad = (n: number) => String(n).padStart(2, '0');
export const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const monthKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;

export type Bucket = 'hour' | 'day' | 'month';

/** The bucket labels a chart's x axis shows for the range, so empty days still appear as 0. */
export function bucketsOf(range: Range, bucket: Bucket): string[] {
  if (bucket === 'hour') return Array.from({ length: 24 }, (_, h) => pad(h));
  const keys: string[] = [];
  if (bucket === 'day') {
    for (let d = startOfDay(range.from); d < range.to; d = addDays(d, 1)) keys.push(dayKey(d));
  } else {
    for (let d = new Date(range.from.getFullYear(), range.from.getMonth(), 1); d < range.to; d = new Date(d.getFullYear(), d.getMonth() + 1, 1)) keys.push(monthKey(d));
  }
  return keys;
}

/** The SQL to_char pattern of each bucket, matching the labels above. */
export const BUCKET_FORMAT: Record<Bucket, string> = { hour: 'HH24', day: 'YYYY-MM-DD', month: 'YYYY-MM' };

export interface Chart {
  categories: string[];
  series: Array<{ name: string; data: number[] }>;
}

/** Rows of (bucket, series key, value) into a chart with every category and every series present. */
export function toChart(
  categories: string[],
  seriesNames: ReadonlyArray<readonly [string, string]>,
  rows: ReadonlyArray<{ k: string; s: string; v: string | number }>,
): Chart {
  const index = new Map(categories.map((c, i) => [c, i]));
  const series = seriesNames.map(([key, name]) => ({ key, name, data: categories.map(() => 0) }));
  const byKey = new Map(series.map((s) => [s.key, s]));
  for (const r of rows) {
    const i = index.get(r.k);
    const s = byKey.get(String(r.s));
    if (i !== undefined && s) s.data[i] = Number(r.v);
  }
  return { categories, series: series.map(({ name, data }) => ({ name, data })) };
}

export { TIME_ZONE } from '../format.ts';
