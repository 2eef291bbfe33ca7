import { millisToParts } from '../form/lib/dateText.ts';
import type { MatchType } from './matchTypes.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

function addDays(d: Date, n: number): Date {
  const r = new Date(d.getFullYear(), d.getMonth(), d.getDate());
  r.setDate(r.getDate() + n);
  return r;
}
function addMonths(d: Date, n: number): Date {
  const r = new Date(d.getFullYear(), d.getMonth(), 1);
  r.setMonth(r.getMonth() + n);
  // Clamp: one month before 31 March is the last day of February, not 3 March.
  const last = new Date(r.getFullYear(), r.getMonth() + 1, 0).getDate();
  r.setDate(Math.min(d.getDate(), last));
  return r;
}

type RangeRule = (today: Date, n: number) => { from: Date; to: Date };

const RANGES: Partial<Record<MatchType, RangeRule>> = {
  $dayAgo: (t, n) => ({ from: addDays(t, -n), to: t }),
  $weekAgo: (t, n) => ({ from: addDays(t, -7 * n), to: t }),
  $monthAgo: (t, n) => ({ from: addMonths(t, -n), to: t }),
  $dayAfter: (t, n) => ({ from: t, to: addDays(t, n) }),
  $weekAfter: (t, n) => ({ from: t, to: addDays(t, 7 * n) }),
  $monthAfter: (t, n) => ({ from: t, to: addMonths(t, n) }),
  $theDay: (t, n) => ({ from: addDays(t, n), to: addDays(t, n) }),
};

/**
 * The inclusive day range a relative-date match type selects, as yyyy-MM-dd text:
 * `$dayAgo n` is the last n days up to today, `$dayAfter n` today and the next n days, weeks and
 * months likewise, and `$theDay n` the single day n days from today (0 today, -1 yesterday).
 * Stored dates compare as text, so the caller matches `>= from` and `< the day after to`.
 * Today is the park's calendar day (China Standard Time), the day the stored dates are written in,
 * not the process's own: a server on UTC after 16:00 would otherwise read 当天 as yesterday.
 */
export function relativeDateRange(type: MatchType, n: number, now: Date): { from: string; to: string } {
  const rule = RANGES[type];
  if (!rule) throw new Error(`not a relative date match type: ${type}`);
  const park = millisToParts(now.getTime());
  if (!park) throw new Error('not a time');
  const { from, to } = rule(new Date(park.year!, park.month! - 1, park.day!), n);
  return { from: day(from), to: day(to) };
}

/** The day after a yyyy-MM-dd text, for exclusive upper bounds on date-time text. */
export function nextDay(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return day(new Date(y, m - 1, d + 1));
}
