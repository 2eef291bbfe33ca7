/**
 * Plain text of form values, per family: what tables, the batch grid, the detail view and the
 * tests read. Pure functions over core's shapes; nothing here touches the DOM.
 */
import {
  gisText,
  holdsList,
  multiPickerText,
  numberRangeText,
  pickerText,
  plainText,
  regionText,
  rowsText,
  signatureText,
  traitsOf,
  uploadText,
  type DateKind,
  type FormControl,
} from '@park/core';
import { designOptions, labelOf, pathLabels } from '../choice/choiceOptions.ts';
import { dateText } from '../date/dateFormat.ts';
import { optionsOf, textOf } from './values.ts';

export { gisText, multiPickerText, pickerText, plainText, regionText, rowsText, signatureText, uploadText };

export function numberText(value: unknown, _control: FormControl): string {
  return numberRangeText(value);
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

export function fixedText(_value: unknown, control: FormControl): string {
  return plainText(optionsOf(control).defaultValue);
}

export const noText = () => '';

