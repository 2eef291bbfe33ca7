import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { PARK_UTC_OFFSET_MINUTES, valueFormatOf, type DateKind, type FormControl } from '@park/core';
import { flag, optionsOf } from '../common/values.ts';

dayjs.extend(customParseFormat);

/** element-ui value-format tokens (yyyy MM dd HH mm ss) to dayjs's; hh was 24-hour here too. */
export function toDayjsFormat(format: string): string {
  return format
    .replace(/yyyy/g, 'YYYY')
    .replace(/dd/g, 'DD')
    .replace(/(^|[^D])d(?!d)/g, '$1D')
    .replace(/hh/g, 'HH')
    .replace(/(^|[^H])h(?!h)/g, '$1H');
}

export function usesTimestamp(control: FormControl, kind: DateKind): boolean {
  return kind !== 'time' && flag(optionsOf(control).timestamp);
}

/** The dayjs format the control's values use. */
export function valueFormat(control: FormControl, kind: DateKind): string {
  return toDayjsFormat(valueFormatOf(control, kind));
}

const OFFSET_MS = PARK_UTC_OFFSET_MINUTES * 60_000;

/**
 * Timestamps are read at park time (UTC+8), as the server reads them, so the picker shows the
 * same wall clock whatever the browser's zone.
 */
export function fromMillis(ms: number): Dayjs {
  const d = new Date(ms + OFFSET_MS);
  return dayjs(
    new Date(
      d.getUTCFullYear(),
      d.getUTCMonth(),
      d.getUTCDate(),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ),
  );
}

export function toMillis(d: Dayjs): number {
  return Date.UTC(d.year(), d.month(), d.date(), d.hour(), d.minute(), d.second()) - OFFSET_MS;
}

/** An editor value (text in the value format, or milliseconds) as a dayjs, or null. */
export function toDayjs(value: unknown, control: FormControl, kind: DateKind): Dayjs | null {
  if (typeof value === 'number' && usesTimestamp(control, kind)) return fromMillis(value);
  if (typeof value !== 'string' || value.trim() === '') return null;
  const d = dayjs(value.trim(), valueFormat(control, kind), true);
  return d.isValid() ? d : null;
}

/** A picked dayjs back to the editor value. */
export function fromDayjs(
  d: Dayjs | null | undefined,
  control: FormControl,
  kind: DateKind,
): string | number | null {
  if (!d || !d.isValid()) return usesTimestamp(control, kind) ? null : '';
  if (usesTimestamp(control, kind)) return toMillis(d);
  return d.format(valueFormat(control, kind));
}

/** What the reader sees: the value in its own format. */
export function dateText(value: unknown, control: FormControl, kind: DateKind): string {
  if (Array.isArray(value))
    return value
      .map((v) => dateText(v, control, kind))
      .filter(Boolean)
      .join(' 至 ');
  const d = toDayjs(value, control, kind);
  if (d) return d.format(valueFormat(control, kind));
  return typeof value === 'string' ? value : '';
}
