/**
 * Plain text of form values, per family: what tables, the batch grid, the detail view and the
 * tests read. Pure functions over core's shapes; nothing here touches the DOM.
 */
import {
  holdsList,
  readMultiPicker,
  readPicker,
  traitsOf,
  uploadItems,
  type DateKind,
  type FormControl,
  type GisValue,
  type RegionValue,
} from '@park/core';
import { designOptions, labelOf, pathLabels } from '../choice/choiceOptions.ts';
import { dateText } from '../date/dateFormat.ts';
import { isObject, optionsOf, textOf } from './values.ts';

export function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? '是' : '否';
  return '';
}

export function numberText(value: unknown, control: FormControl): string {
  if (Array.isArray(value)) return value.map((v) => plainText(v)).join(' - ');
  void control;
  return plainText(value);
}

/** Labels of the chosen options (design options; remote ones fall back to their values). */
export function choiceText(value: unknown, control: FormControl): string {
  const options = designOptions(control);
  if (traitsOf(control).optionPath) {
    const path = Array.isArray(value)
      ? value.map(textOf)
      : typeof value === 'string' && value
        ? value.split(',')
        : [];
    return pathLabels(options, path).join(' / ');
  }
  if (holdsList(control) || Array.isArray(value)) {
    const list = Array.isArray(value)
      ? value.map(textOf)
      : typeof value === 'string' && value
        ? value.split(',')
        : [];
    return list.map((v) => labelOf(options, v)).join('，');
  }
  const one = textOf(value);
  return one === '' ? '' : labelOf(options, one);
}

export function switchText(value: unknown, control: FormControl): string {
  const options = optionsOf(control);
  const on = value === true || value === 'true' || value === '0';
  const openMsg = typeof options.openMsg === 'string' && options.openMsg ? options.openMsg : '开启';
  const closeMsg = typeof options.closeMsg === 'string' && options.closeMsg ? options.closeMsg : '关闭';
  return on ? openMsg : closeMsg;
}

export const dateKindText = (kind: DateKind) => (value: unknown, control: FormControl) =>
  dateText(value, control, kind);

export function uploadText(value: unknown, control: FormControl): string {
  const items = uploadItems(value) ?? [];
  if (items.length === 0) return '';
  return traitsOf(control).upload === 'file' ? `${items.length}个文件` : `${items.length}张图片`;
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
  const region = value as Partial<RegionValue>;
  return [region.province, region.city, region.area]
    .filter((p) => typeof p === 'string' && p !== '')
    .join(' / ');
}

export function gisText(value: unknown): string {
  if (!isObject(value)) return '';
  const gis = value as Partial<GisValue> & { lnt?: string };
  const lng = gis.lng ?? gis.lnt;
  if (gis.address) return gis.address;
  return gis.lat && lng ? `${gis.lat}, ${lng}` : '';
}

export function fixedText(_value: unknown, control: FormControl): string {
  return plainText(optionsOf(control).defaultValue);
}

export const noText = () => '';

export function rowsText(value: unknown): string {
  return Array.isArray(value) && value.length > 0 ? `${value.length}条` : '';
}
