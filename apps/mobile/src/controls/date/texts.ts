import { formatDateParts, readDateValue, valueFormatOf, type ControlType, type DateKind, type FormControl } from '@park/core';
import type { ControlText } from '../types.ts';

/** What the reader sees: the value in its own format (core reads and writes it, as the server does). */
export function dateText(value: unknown, control: FormControl, kind: DateKind): string {
  if (Array.isArray(value)) return value.map((v) => dateText(v, control, kind)).filter(Boolean).join(' 至 ');
  const parts = readDateValue(value, control, kind);
  if (parts) return formatDateParts(parts, valueFormatOf(control, kind));
  return typeof value === 'string' ? value : '';
}

const ofKind = (kind: DateKind): ControlText => (value, control) => dateText(value, control, kind);

export const DATE_TEXTS = {
  time: ofKind('time'),
  date: ofKind('date'),
  datetime: ofKind('datetime'),
  year: ofKind('year'),
  month: ofKind('month'),
  year_month: ofKind('year_month'),
} satisfies Partial<Record<ControlType, ControlText>>;
