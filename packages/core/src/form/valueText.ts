import { uploadItems } from './controls/uploadControls.ts';
import { readMultiPicker, readPicker } from './controls/pickerControls.ts';
import { traitsOf } from './registry.ts';
import type { FormControl, GisValue, RegionValue } from './types.ts';

/*
 * A decoded control value as the plain text of a card, a table cell or a sub-table row's summary:
 * the pieces the desktop's and the phone's text maps share (apps/web controls/common/text.ts,
 * apps/mobile controls/<family>/texts.ts), kept once here. What needs a client's own reading of the
 * design (choice labels, date formats) stays with each client.
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? '是' : '否';
  return '';
}

/** A number as typed or computed; a range as its two ends. */
export function numberRangeText(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => plainText(v)).join(' - ');
  return plainText(value);
}

export function uploadText(value: unknown, control: FormControl): string {
  const n = (uploadItems(value) ?? []).length;
  if (n === 0) return '';
  return traitsOf(control).upload === 'file' ? `${n}个文件` : `${n}张图片`;
}

export function signatureText(value: unknown): string {
  return (uploadItems(value) ?? []).length > 0 ? '已签名' : '';
}

export function pickerText(value: unknown, control: FormControl): string {
  const reading = readPicker(value, control);
  return reading.kind === 'one' ? reading.value.label || reading.value.id : '';
}

export function multiPickerText(value: unknown): string {
  return (readMultiPicker(value) ?? []).map((item) => item.v || item.k).join('，');
}

export function regionText(value: unknown): string {
  if (!isObject(value)) return '';
  const r = value as Partial<RegionValue>;
  return [r.province, r.city, r.area].filter((p) => typeof p === 'string' && p !== '').join(' / ');
}

export function gisText(value: unknown): string {
  if (!isObject(value)) return '';
  const gis = value as Partial<GisValue> & { lnt?: string };
  const lng = gis.lng ?? gis.lnt;
  if (gis.address) return gis.address;
  return gis.lat && lng ? `${gis.lat}, ${lng}` : '';
}

/** A sub-table in a card: how many rows it holds. */
export function rowsText(value: unknown): string {
  return Array.isArray(value) && value.length > 0 ? `${value.length}条` : '';
}
