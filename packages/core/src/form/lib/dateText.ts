/**
 * Date and time text in element-ui's value-format tokens (yyyy MM dd HH mm ss), which is what
 * the original stored in options.format. Only the Gregorian calendar and 24-hour clock are
 * needed: "hh" in this platform's formats meant 24-hour time too.
 */

export interface DateParts {
  year?: number;
  month?: number;
  day?: number;
  hour?: number;
  minute?: number;
  second?: number;
}

export type DateKind = 'year' | 'month' | 'year_month' | 'date' | 'datetime' | 'time';

type Field = keyof DateParts;

/** How each kind is stored (DESIGN §4: dates yyyy-MM-dd, date-times yyyy-MM-dd HH:mm:ss). */
export const STORED_FORMAT: Record<DateKind, string> = {
  year: 'yyyy',
  month: 'MM',
  year_month: 'yyyy-MM',
  date: 'yyyy-MM-dd',
  datetime: 'yyyy-MM-dd HH:mm:ss',
  time: 'HH:mm:ss',
};

/** The fields a value of each kind must carry; minutes and seconds may default to zero. */
const NEEDED: Record<DateKind, Field[]> = {
  year: ['year'],
  month: ['month'],
  year_month: ['year', 'month'],
  date: ['year', 'month', 'day'],
  datetime: ['year', 'month', 'day', 'hour'],
  time: ['hour'],
};

/**
 * Timestamps (options.timestamp) are turned into wall-clock text at China Standard Time, which
 * has no daylight saving, so browser and server agree whatever their own zones are.
 */
export const PARK_UTC_OFFSET_MINUTES = 8 * 60;

type Piece = { field: Field; width: 1 | 2 | 4 } | { literal: string };

const TOKEN = /yyyy|MM|M|dd|d|HH|H|hh|h|mm|m|ss|s/g;
const FIELD_OF: Record<string, Field> = {
  yyyy: 'year',
  MM: 'month',
  M: 'month',
  dd: 'day',
  d: 'day',
  HH: 'hour',
  H: 'hour',
  hh: 'hour',
  h: 'hour',
  mm: 'minute',
  m: 'minute',
  ss: 'second',
  s: 'second',
};

/* Formats are a handful of design strings; their parse is kept (an import parses millions of dates). */
const PIECES = new Map<string, readonly Piece[]>();

function pieces(format: string): readonly Piece[] {
  const hit = PIECES.get(format);
  if (hit) return hit;
  const out = tokenize(format);
  if (PIECES.size < 256) PIECES.set(format, out);
  return out;
}

function tokenize(format: string): Piece[] {
  const out: Piece[] = [];
  let last = 0;
  for (const match of format.matchAll(TOKEN)) {
    const at = match.index;
    if (at > last) out.push({ literal: format.slice(last, at) });
    const token = match[0];
    out.push({ field: FIELD_OF[token]!, width: token.length as 1 | 2 | 4 });
    last = at + token.length;
  }
  if (last < format.length) out.push({ literal: format.slice(last) });
  return out;
}

function fieldsOf(format: string): Set<Field> {
  const fields = new Set<Field>();
  for (const piece of pieces(format)) if ('field' in piece) fields.add(piece.field);
  return fields;
}

/**
 * The format a control's values use: its options.format when that carries what the kind needs
 * (and nothing finer than the kind stores), otherwise the stored format.
 */
export function valueFormatFor(kind: DateKind, format: unknown): string {
  if (typeof format !== 'string' || format.trim() === '') return STORED_FORMAT[kind];
  const fields = fieldsOf(format);
  const allowed = fieldsOf(STORED_FORMAT[kind]);
  const complete = NEEDED[kind].every((f) => fields.has(f));
  const withinKind = [...fields].every((f) => allowed.has(f));
  return complete && withinKind ? format : STORED_FORMAT[kind];
}

/** Strict parse: every token present with its width, literals exact, and the date real. */
export function parseDateText(text: string, format: string): DateParts | null {
  const parts: DateParts = {};
  let at = 0;
  for (const piece of pieces(format)) {
    if ('literal' in piece) {
      if (!text.startsWith(piece.literal, at)) return null;
      at += piece.literal.length;
      continue;
    }
    let run = 0;
    for (let c = text.charCodeAt(at); c >= 48 && c <= 57; c = text.charCodeAt(at + ++run));
    const take = piece.width === 1 ? Math.min(run, 2) : piece.width;
    if (take === 0 || run < take) return null;
    let n = 0;
    for (let i = at; i < at + take; i++) n = n * 10 + (text.charCodeAt(i) - 48);
    parts[piece.field] = n;
    at += take;
  }
  if (at !== text.length) return null;
  return partsExist(parts) ? parts : null;
}

export function formatDateParts(parts: DateParts, format: string): string {
  let out = '';
  for (const piece of pieces(format)) {
    if ('literal' in piece) {
      out += piece.literal;
      continue;
    }
    const n = parts[piece.field] ?? 0;
    out += piece.width === 1 ? String(n) : String(n).padStart(piece.width, '0');
  }
  return out;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Proleptic Gregorian, by arithmetic: called for every date an import parses. */
export function daysInMonth(year: number, month: number): number {
  if (!Number.isInteger(month) || month < 1 || month > 12) return new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month !== 2) return MONTH_DAYS[month - 1]!;
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}

/** 2026-02-30 and 24:00:00 do not exist. A day without a year may be Feb 29. */
export function partsExist(p: DateParts): boolean {
  if (p.year !== undefined && (p.year < 1 || p.year > 9999)) return false;
  if (p.month !== undefined && (p.month < 1 || p.month > 12)) return false;
  if (p.day !== undefined) {
    const limit = p.month === undefined ? 31 : daysInMonth(p.year ?? 2000, p.month);
    if (p.day < 1 || p.day > limit) return false;
  }
  if (p.hour !== undefined && p.hour > 23) return false;
  if (p.minute !== undefined && p.minute > 59) return false;
  if (p.second !== undefined && p.second > 59) return false;
  return true;
}

export function hasFields(parts: DateParts, kind: DateKind): boolean {
  return NEEDED[kind].every((f) => parts[f] !== undefined);
}

const LOOSE_DATE = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?(?:\.\d+)?)?)?)?$/;
const LOOSE_TIME = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?(?:\.\d+)?$/;
const LOOSE_MONTH = /^(\d{1,2})$/;
const MILLIS = /^\d{10,}$/;

/**
 * Reads what a database or an older client may hold: "2026-03-05 08:00:00.0", "2026-3-5",
 * "08:30", a bare month "3", or epoch milliseconds. Used when decoding, never to validate input.
 */
export function parseLooseDate(value: unknown, kind: DateKind): DateParts | null {
  if (typeof value === 'number') return numberAsDate(value, kind);
  if (typeof value === 'string' && MILLIS.test(value.trim())) return completeParts(millisToParts(Number(value)) ?? {}, kind);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  let parts: DateParts | null = null;
  const time = LOOSE_TIME.exec(text);
  const date = LOOSE_DATE.exec(text);
  if (kind === 'time' && time) {
    parts = { hour: Number(time[1]), minute: Number(time[2]), second: Number(time[3] ?? 0) };
  } else if (kind === 'month' && LOOSE_MONTH.test(text)) {
    parts = { month: Number(text) };
  } else if (date) {
    parts = { year: Number(date[1]) };
    if (date[2] !== undefined) parts.month = Number(date[2]);
    if (date[3] !== undefined) parts.day = Number(date[3]);
    if (date[4] !== undefined) {
      parts.hour = Number(date[4]);
      parts.minute = Number(date[5]);
      parts.second = Number(date[6] ?? 0);
    }
  }
  if (!parts || !partsExist(parts)) return null;
  return completeParts(parts, kind);
}

/** A driver may return a year or month column as a number; large numbers are epoch milliseconds. */
function numberAsDate(n: number, kind: DateKind): DateParts | null {
  if (!Number.isInteger(n)) return null;
  if (kind === 'year' && n >= 1 && n <= 9999) return { year: n };
  if (kind === 'month' && n >= 1 && n <= 12) return { month: n };
  if (Math.abs(n) < 1e9) return null;
  const parts = millisToParts(n);
  return parts ? completeParts(parts, kind) : null;
}

/**
 * The kind's fields of a reading: minutes and seconds a coarser format left out become zero,
 * finer fields are dropped, and a reading lacking a needed field is no value.
 */
export function completeParts(parts: DateParts, kind: DateKind): DateParts | null {
  if (!hasFields(parts, kind)) return null;
  const out: DateParts = {};
  for (const field of fieldsOf(STORED_FORMAT[kind])) out[field] = parts[field] ?? 0;
  return out;
}

export function millisToParts(ms: number): DateParts | null {
  if (!Number.isFinite(ms)) return null;
  const d = new Date(ms + PARK_UTC_OFFSET_MINUTES * 60_000);
  if (Number.isNaN(d.getTime())) return null;
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

export function partsToMillis(p: DateParts): number {
  const wall = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  return wall - PARK_UTC_OFFSET_MINUTES * 60_000;
}

/** Seconds since 1970 of the wall-clock reading, for differences between two readings. */
export function wallSeconds(p: DateParts): number {
  return Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0) / 1000;
}
