import { AUTO_REPORT_TEXT as T } from './messages.ts';
import { parseCron } from './cron.ts';
import { AUTO_REPORT_TARGETS, type AutoReportFrequency, type AutoReportInput, type AutoReportRecipients } from './types.ts';

const ID = /^\d{1,18}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
type Raw = Record<string, unknown>;

const ids = (x: unknown): string[] | null => (Array.isArray(x) && x.every((v) => ID.test(String(v))) ? [...new Set(x.map(String))] : null);

/** The frequency's problem in Chinese, or null. */
export function checkFrequency(raw: unknown): string | null {
  const f = (raw ?? {}) as Raw;
  if (f.every === 'cron') return typeof f.cron === 'string' && parseCron(f.cron) ? null : T.badCron;
  if (f.every !== 'day' && f.every !== 'week' && f.every !== 'month') return T.badTime;
  if (typeof f.time !== 'string' || !TIME.test(f.time)) return T.badTime;
  if (f.every === 'week' && !(Number.isInteger(f.weekDay) && Number(f.weekDay) >= 1 && Number(f.weekDay) <= 7)) return T.badWeekDay;
  if (f.every === 'month' && !(Number.isInteger(f.monthDay) && Number(f.monthDay) >= 1 && Number(f.monthDay) <= 31)) return T.badMonthDay;
  return null;
}

/**
 * An automatic report as the dialog and the server check it: the first problem as a Chinese
 * message, or the normalised input. A subscription has one recipient, its owner, set by the server.
 */
export function checkAutoReport(raw: unknown): { error: string } | { value: AutoReportInput } {
  const r = (raw ?? {}) as Raw;
  const name = typeof r.name === 'string' ? r.name.trim() : '';
  if (!name) return { error: T.noName };
  if (name.length > 50) return { error: T.nameTooLong };
  const reportId = r.reportId == null ? '' : String(r.reportId);
  if (!ID.test(reportId)) return { error: T.noReport };
  const target = AUTO_REPORT_TARGETS.find((k) => k === r.target);
  if (!target) return { error: T.badTarget };
  const widgetId = r.widgetId == null || r.widgetId === '' ? null : String(r.widgetId);
  if (target === 'excel' && (widgetId === null || widgetId.length > 64)) return { error: T.noWidget };
  const freqProblem = checkFrequency(r.frequency);
  if (freqProblem) return { error: freqProblem };
  const rec = (r.recipients ?? {}) as Raw;
  const users = ids(rec.users ?? []);
  const roles = ids(rec.roles ?? []);
  const orgs = ids(rec.orgs ?? []);
  if (!users || !roles || !orgs || users.length + roles.length + orgs.length === 0) return { error: T.noRecipient };
  const recipients: AutoReportRecipients = { users, roles, orgs };
  return {
    value: { name, reportId, target, widgetId: target === 'excel' ? widgetId : null, frequency: normaliseFrequency(r.frequency as AutoReportFrequency), recipients, enabled: r.enabled !== false },
  };
}

function normaliseFrequency(f: AutoReportFrequency): AutoReportFrequency {
  if (f.every === 'cron') return { every: 'cron', cron: f.cron.trim().split(/\s+/).join(' ') };
  if (f.every === 'week') return { every: 'week', time: f.time, weekDay: f.weekDay };
  if (f.every === 'month') return { every: 'month', time: f.time, monthDay: f.monthDay };
  return { every: 'day', time: f.time };
}
