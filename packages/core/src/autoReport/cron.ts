/**
 * Five-field cron (minute hour day-of-month month day-of-week) as the park's clock reads it:
 * numbers, `*`, lists `a,b`, ranges `a-b` and steps `*\/n`, `a-b/n`. Day-of-week 0 and 7 are Sunday.
 * No names, no seconds: what pg-boss's schedules accept too, kept small so dialog and server agree.
 */
export interface CronSpec {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekDays: Set<number>;
  /** Whether day-of-month / day-of-week were restricted (cron's "either matches" rule when both are). */
  daysRestricted: boolean;
  weekDaysRestricted: boolean;
}

const FIELDS = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
] as const;

function field(text: string, min: number, max: number): Set<number> | null {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d{1,2})(?:-(\d{1,2}))?)(?:\/(\d{1,2}))?$/.exec(part);
    if (!m) return null;
    const from = m[1] === '*' ? min : Number(m[2]);
    const to = m[1] === '*' ? max : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? max : from;
    const step = m[4] !== undefined ? Number(m[4]) : 1;
    if (from < min || to > max || from > to || step < 1) return null;
    for (let v = from; v <= to; v += step) out.add(v);
  }
  return out;
}

/** The cron's sets, or null when it is not a valid five-field cron. */
export function parseCron(cron: string): CronSpec | null {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) return null;
  const sets = parts.map((p, i) => field(p, FIELDS[i]![0], FIELDS[i]![1]));
  if (sets.some((s) => s === null)) return null;
  const [minutes, hours, days, months, weekDays] = sets as Set<number>[];
  if (weekDays!.has(7)) weekDays!.add(0);
  return { minutes: minutes!, hours: hours!, days: days!, months: months!, weekDays: weekDays!, daysRestricted: parts[2] !== '*', weekDaysRestricted: parts[4] !== '*' };
}

/** Whether the cron fires at this minute (fields as the park's clock reads them; weekDay 0 = Sunday). */
export function cronMatches(spec: CronSpec, at: { minute: number; hour: number; day: number; month: number; weekDay: number }): boolean {
  if (!spec.minutes.has(at.minute) || !spec.hours.has(at.hour) || !spec.months.has(at.month)) return false;
  const dom = spec.days.has(at.day);
  const dow = spec.weekDays.has(at.weekDay);
  if (spec.daysRestricted && spec.weekDaysRestricted) return dom || dow;
  return dom && dow;
}
