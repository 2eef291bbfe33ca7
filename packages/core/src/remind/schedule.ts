import type { CondRemind, FormRemind } from './types.ts';

/** The park's time zone: reminders fire at the park's wall-clock time. */
export const PARK_TIME_ZONE = 'Asia/Shanghai';

export interface ParkClock {
  /** yyyy-MM-dd in the park. */
  day: string;
  /** HH:mm in the park. */
  time: string;
  /** 1 Sunday … 7 Saturday, the original's week-day values. */
  weekDay: string;
  dayOfMonth: number;
  /** Days since 1970-01-01 of the park's date, and months since January 1970. */
  dayNumber: number;
  monthNumber: number;
}

export function parkClock(now: Date, timeZone = PARK_TIME_ZONE): ParkClock {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short', hourCycle: 'h23' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const y = Number(parts.year);
  const m = Number(parts.month);
  const d = Number(parts.day);
  const weekDay = String(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!) + 1);
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    weekDay,
    dayOfMonth: d,
    dayNumber: Math.floor(Date.UTC(y, m - 1, d) / 86_400_000),
    monthNumber: (y - 1970) * 12 + (m - 1),
  };
}

/**
 * The period a 定时填报提醒 is due in at this park minute (its key: one send per key), or null
 * when it is not due. Due from its time onwards that day, so a tick missed by a restart still sends.
 */
export function formRemindPeriod(f: FormRemind, clock: ParkClock): string | null {
  const r = f.remind;
  if (clock.time < r.remindTime) return null;
  const days = (r.remindDay ?? []).map(String);
  if (r.remindType === 'week' && !days.includes(clock.weekDay)) return null;
  if (r.remindType === 'mouth' && !days.includes(String(clock.dayOfMonth))) return null;
  return clock.day;
}

/** 数据提醒 are checked once a day from this park time. */
export const COND_REMIND_TIME = '09:00';

/**
 * The period of a 数据提醒 now: 普通条件 checks daily (each record is reminded once, ever);
 * 周期条件 reminds its records again every `count` days or months.
 */
export function condRemindPeriod(c: CondRemind, clock: ParkClock): string | null {
  if (clock.time < COND_REMIND_TIME) return null;
  if (String(c.remind.condType) !== '2') return clock.day;
  const n = Math.max(1, Number(c.remind.period?.count ?? 1));
  return c.remind.period?.type === 'month' ? `m${Math.floor(clock.monthNumber / n)}` : `d${Math.floor(clock.dayNumber / n)}`;
}
