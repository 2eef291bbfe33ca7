import {
  completeParts,
  formatDateParts,
  millisToParts,
  parseDateText,
  parseLooseDate,
  partsExist,
  partsToMillis,
  STORED_FORMAT,
  valueFormatFor,
  type DateKind,
  type DateParts,
} from '../lib/dateText.ts';
import { designNumber, flag, isBlank, nameOf, optionsOf } from '../lib/values.ts';
import { badShape, invalidDate, invalidTime } from '../messages.ts';
import type { FormContext, FormControl, FormValue } from '../types.ts';
import { cell, defineControl, modelColumn, single, type ControlBehaviour } from './define.ts';
import { asStored, cellText, numberText, onlyCell, pad, sheetCodec, type CellValue, type SheetCodec } from './sheet.ts';

/** The format the control's values use while editing (its options.format when usable). */
export function valueFormatOf(control: FormControl, kind: DateKind): string {
  return valueFormatFor(kind, optionsOf(control).format);
}

/** options.timestamp: the editor holds epoch milliseconds (time pickers have no such option). */
function usesTimestamp(control: FormControl, kind: DateKind): boolean {
  return kind !== 'time' && flag(optionsOf(control).timestamp);
}

function isTimeRange(control: FormControl, kind: DateKind): boolean {
  return kind === 'time' && flag(optionsOf(control).isRange);
}

/** Reads an editor value (text in the value format, or milliseconds) into its date parts. */
export function readDateValue(value: unknown, control: FormControl, kind: DateKind): DateParts | null {
  if (typeof value === 'number') return usesTimestamp(control, kind) ? completeParts(millisToParts(value) ?? {}, kind) : null;
  if (typeof value !== 'string') return null;
  const strict = parseDateText(value.trim(), valueFormatOf(control, kind));
  return strict ? completeParts(strict, kind) : null;
}

/**
 * Date parts (a picker's choice) as the editor holds them: text in the control's value format, or
 * milliseconds for a timestamp control. The mobile client's wheels hand their choice in here.
 */
export function dateEditorValue(parts: DateParts, control: FormControl, kind: DateKind): FormValue {
  const complete = completeParts(parts, kind);
  return complete ? toEditor(complete, control, kind) : null;
}

function toEditor(parts: DateParts, control: FormControl, kind: DateKind): FormValue {
  return usesTimestamp(control, kind) ? partsToMillis(parts) : formatDateParts(parts, valueFormatOf(control, kind));
}

function storeOne(value: unknown, control: FormControl, kind: DateKind): string | null {
  if (isBlank(value)) return null;
  // A server may receive the stored shape itself, so the loose reading is the fallback.
  const parts = readDateValue(value, control, kind) ?? parseLooseDate(value, kind);
  return parts ? formatDateParts(parts, STORED_FORMAT[kind]) : null;
}

function readOne(raw: string | null, control: FormControl, kind: DateKind): FormValue {
  if (raw === null || raw.trim() === '') return usesTimestamp(control, kind) ? null : '';
  // Every record read passes here for every date field; what was stored by this platform is
  // already the editor's text when the control edits in the stored format.
  if (isStoredText(raw, kind) && editsStoredFormat(control, kind)) return raw;
  const parts = parseLooseDate(raw, kind);
  return parts ? toEditor(parts, control, kind) : raw;
}

/** The stored formats spelled out, with their fields captured: year, month, day, hour, minute, second. */
const STORED_TEXT: Record<DateKind, RegExp> = {
  year: /^(\d{4})$/,
  month: /^()(\d{2})$/,
  year_month: /^(\d{4})-(\d{2})$/,
  date: /^(\d{4})-(\d{2})-(\d{2})$/,
  datetime: /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/,
  time: /^()()()(\d{2}):(\d{2}):(\d{2})$/,
};

/** `raw` is exactly STORED_FORMAT[kind] and names a real date: reading it back would give `raw` itself. */
export function isStoredText(raw: string, kind: DateKind): boolean {
  const m = STORED_TEXT[kind].exec(raw);
  if (!m) return false;
  // Every date field of every record read comes here: no closure per call (the server runs under
  // tsx, whose keepNames wraps each one created in a call to name it).
  return partsExist({ year: capturedNumber(m, 1), month: capturedNumber(m, 2), day: capturedNumber(m, 3), hour: capturedNumber(m, 4), minute: capturedNumber(m, 5), second: capturedNumber(m, 6) });
}

function capturedNumber(m: RegExpExecArray, i: number): number | undefined {
  return m[i] ? Number(m[i]) : undefined;
}

/** The control's editor holds text in the stored format (no options.format of its own, no timestamp). */
function editsStoredFormat(control: FormControl, kind: DateKind): boolean {
  return !usesTimestamp(control, kind) && valueFormatOf(control, kind) === STORED_FORMAT[kind];
}

function checkOne(value: unknown, control: FormControl, kind: DateKind): string | null {
  if (readDateValue(value, control, kind)) return null;
  return kind === 'time' ? invalidTime(nameOf(control)) : invalidDate(nameOf(control));
}

function currentParts(ctx: FormContext, kind: DateKind): DateParts | null {
  return ctx.currentDate ? parseLooseDate(ctx.currentDate, kind) : null;
}

function defaultOf(control: FormControl, kind: DateKind, ctx: FormContext): FormValue {
  const options = optionsOf(control);
  const empty = usesTimestamp(control, kind) ? null : '';
  if (isTimeRange(control, kind)) return [];
  if (designNumber(options.defaultType) === 1) {
    const now = currentParts(ctx, kind);
    return now ? toEditor(now, control, kind) : empty;
  }
  const preset = options.defaultValue;
  if (isBlank(preset)) return empty;
  const parts = readDateValue(preset, control, kind) ?? parseLooseDate(preset, kind);
  return parts ? toEditor(parts, control, kind) : empty;
}

/** Wall-clock parts of an Excel serial date (exceljs gives dates as UTC wall time, as here). */
function serialToDate(serial: number, date1904: boolean): Date | null {
  if (!Number.isFinite(serial) || serial < 0 || serial > 2958466) return null;
  const days = serial + (date1904 ? 1462 : 0);
  return new Date(Math.round((days - 25569) * 86_400_000));
}

function sheetDateText(d: Date, kind: DateKind): string {
  const y = pad(d.getUTCFullYear(), 4);
  const M = pad(d.getUTCMonth() + 1);
  const dd = pad(d.getUTCDate());
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  const texts: Record<DateKind, string> = { year: y, month: M, year_month: `${y}-${M}`, date: `${y}-${M}-${dd}`, datetime: `${y}-${M}-${dd} ${time}`, time };
  return texts[kind];
}

/** A date cell (Excel date, serial number or text) as stored text for the control's kind. */
function importDate(v: CellValue, kind: DateKind, date1904: boolean): string {
  if (v instanceof Date) return sheetDateText(v, kind);
  if (typeof v === 'number') {
    if (kind === 'year' && Number.isInteger(v) && v >= 1000 && v <= 9999) return String(v);
    if (kind === 'month' && Number.isInteger(v) && v >= 1 && v <= 12) return pad(v);
    if (kind === 'time' && v >= 0 && v < 1) return sheetDateText(new Date(Math.round(v * 86_400_000)), 'time');
    const d = serialToDate(v, date1904);
    return d ? sheetDateText(d, kind) : numberText(v);
  }
  // Text is passed on; the control's own codec reads the formats it knows and refuses the rest.
  return cellText(v).trim().replace(/\//g, '-');
}

/** Stored text goes out as it is; a cell may be an Excel date, a serial number or text. */
function dateSheet(kind: DateKind): SheetCodec {
  return sheetCodec({
    exportText: asStored,
    readCell: (field, _c, value, _text, lookups) => onlyCell(field, importDate(value, kind, lookups.date1904)),
    hint: () => `格式：${STORED_FORMAT[kind]}`,
  });
}

/** year, month, year_month, date, datetime and time; stored as text in STORED_FORMAT. */
export function dateControl(kind: DateKind): ControlBehaviour {
  return defineControl({
    family: 'date',
    requiredVerb: 'choice',
    columns: (control) => modelColumn(control, 'text'),
    sheet: dateSheet(kind),
    // A month (MM) or a time (HH:mm:ss) is no calendar date: compared as text, ranges included.
    queryKind: () => (kind === 'month' || kind === 'time' ? { kind: 'string', sql: 'text' } : { kind: 'date', sql: 'text' }),
    codec: {
      toStored(value, control) {
        if (!isTimeRange(control, kind)) return single(control, storeOne(value, control, kind));
        const ends = Array.isArray(value) ? value.map((v) => storeOne(v, control, kind)) : [];
        return single(control, ends.length === 2 && ends.every((e) => e !== null) ? ends.join(',') : null);
      },
      fromStored(row, control) {
        const raw = cell(row, control.model ?? '');
        if (!isTimeRange(control, kind)) return readOne(raw, control, kind);
        if (raw === null || raw === '') return [];
        const ends = raw.split(',').map((part) => readOne(part, control, kind));
        return ends.every((e) => typeof e === 'string') ? (ends as string[]) : raw;
      },
    },
    check(value, control) {
      if (!isTimeRange(control, kind)) return checkOne(value, control, kind);
      if (!Array.isArray(value) || value.length !== 2) return badShape(nameOf(control));
      return checkOne(value[0], control, kind) ?? checkOne(value[1], control, kind);
    },
    defaultValue: (control, ctx) => defaultOf(control, kind, ctx),
  });
}
