import { parkClock, type ParkClock } from '../remind/schedule.ts';
import { cronMatches, parseCron } from './cron.ts';
import type { AutoReportFrequency } from './types.ts';

/**
 * The period an automatic report is due in at this park minute (one send per period, claimed
 * across instances), or null when it is not due. 每天/每周/每月 are due from their time onwards on
 * their day, so a tick missed by a restart still sends; a cron only at its minutes.
 */
export function autoReportPeriod(f: AutoReportFrequency, now: Date, clock: ParkClock = parkClock(now)): string | null {
  if (f.every === 'cron') {
    const spec = parseCron(f.cron);
    if (!spec) return null;
    const [hour, minute] = clock.time.split(':').map(Number) as [number, number];
    const month = Number(clock.day.slice(5, 7));
    const weekDay = Number(clock.weekDay) - 1; // ParkClock: 1 = Sunday
    return cronMatches(spec, { minute, hour, day: clock.dayOfMonth, month, weekDay }) ? `c:${clock.day}T${clock.time}` : null;
  }
  if (clock.time < f.time) return null;
  if (f.every === 'day') return `d:${clock.day}`;
  if (f.every === 'week') {
    const mondayFirst = ((Number(clock.weekDay) + 5) % 7) + 1; // 1 = 周一 … 7 = 周日
    return mondayFirst === f.weekDay ? `w:${clock.day}` : null;
  }
  return clock.dayOfMonth === f.monthDay ? `m:${clock.monthNumber}` : null;
}

/** The frequency as the list shows it: 每天 08:00, 每周一 08:00, 每月1日 08:00, cron 0 8 * * 1-5. */
export function describeFrequency(f: AutoReportFrequency): string {
  if (f.every === 'cron') return `cron ${f.cron}`;
  if (f.every === 'day') return `每天 ${f.time}`;
  if (f.every === 'week') return `每周${'一二三四五六日'[f.weekDay - 1] ?? '?'} ${f.time}`;
  return `每月${f.monthDay}日 ${f.time}`;
}
