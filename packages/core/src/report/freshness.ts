/**
 * The per-widget freshness note of the viewer: a reply served from the report engine's result
 * cache says when its SQL ran (`computedAt`), so a reader knows the numbers may be that old.
 * A reply computed for this call says nothing.
 */
export interface Freshness {
  cached?: boolean;
  computedAt?: string;
}

const two = (n: number) => String(n).padStart(2, '0');

/** 缓存数据 · 更新于 HH:mm:ss (local time; the date too when it was not today), or null when fresh. */
export function freshnessNote(reply: Freshness | null | undefined, now: Date = new Date()): string | null {
  if (!reply || reply.cached !== true) return null;
  const at = reply.computedAt ? new Date(reply.computedAt) : null;
  if (!at || Number.isNaN(at.getTime())) return '缓存数据';
  const time = `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
  const sameDay = at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  return `缓存数据 · 更新于 ${sameDay ? '' : `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} `}${time}`;
}
