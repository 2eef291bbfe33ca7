import { MAX_PLAYBACK_DAYS, VIDEO_TEXT } from './constants.ts';

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Seconds since the epoch of a `yyyy-MM-dd HH:mm:ss` local time, or null when it is not one. */
export function parseDateTime(text: string): number | null {
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, s);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d || h > 23 || mi > 59 || s > 59) {
    return null;
  }
  return Math.floor(date.getTime() / 1000);
}

export type RangeCheck = { ok: true; start: number; end: number } | { ok: false; message: string };

/**
 * The one rule for a playback range, run by the wall before it calls and by the server on every call:
 * both times well-formed, start not after end (开始时间不得大于结束时间), at most MAX_PLAYBACK_DAYS.
 */
export function checkPlaybackRange(startTime: string, endTime: string): RangeCheck {
  const start = parseDateTime(startTime);
  const end = parseDateTime(endTime);
  if (start === null || end === null) return { ok: false, message: '时间格式应为 yyyy-MM-dd HH:mm:ss' };
  if (start > end) return { ok: false, message: VIDEO_TEXT.invertedRange };
  if (end - start > MAX_PLAYBACK_DAYS * 86_400) return { ok: false, message: `回放时间段不能超过 ${MAX_PLAYBACK_DAYS} 天` };
  return { ok: true, start, end };
}

/** A record segment as the gateway lists it (spec 002 §3); times in seconds since the epoch, as text. */
export interface RecordSegment {
  startTime: string;
  endTime: string;
  recordType: string;
  recordName: string;
  fileLength: string;
}

/** Where each segment sits on a day's 24-hour timeline, as fractions of the day (0–1), clipped to the day. */
export function timelineBlocks(records: RecordSegment[], dayStart: number): Array<{ left: number; width: number; record: RecordSegment }> {
  const dayEnd = dayStart + 86_400;
  return records
    .map((record) => {
      const s = Math.max(Number(record.startTime), dayStart);
      const e = Math.min(Number(record.endTime), dayEnd);
      return { left: (s - dayStart) / 86_400, width: Math.max(0, e - s) / 86_400, record };
    })
    .filter((b) => b.width > 0);
}
