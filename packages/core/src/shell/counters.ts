/** Unread counters in the top bar cap at 99 (spec 002 §9). */
export const COUNTER_CAP = 99;

export function capCount(count: number): number {
  if (!Number.isFinite(count) || count < 0) return 0;
  return Math.min(Math.floor(count), COUNTER_CAP);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd HH:mm:ss in local time, the platform's date-time text (spec 002 §9). */
export function formatDateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
