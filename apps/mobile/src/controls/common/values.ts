import type { ControlOptions, FormControl } from '@park/core';

/*
 * Reading a design on the phone: the same loose readings as the desktop's controls/common/values
 * (flags and numbers may have been saved as text). Kept here, not imported, because the mobile
 * client never loads the desktop's files (DESIGN §13).
 */

export function flag(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

export function num(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function optionsOf(control: FormControl): ControlOptions {
  return isObject(control.options) ? control.options : {};
}

export function modelOf(control: FormControl): string {
  return typeof control.model === 'string' ? control.model.trim() : '';
}

export function nameOf(control: FormControl): string {
  if (typeof control.name === 'string' && control.name.trim() !== '') return control.name;
  return modelOf(control);
}

export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return value.toString();
  return '';
}

export function placeholderOf(control: FormControl, fallback: string): string {
  const p = optionsOf(control).placeholder;
  return typeof p === 'string' && p.trim() !== '' ? p : fallback;
}

export function isDisabled(control: FormControl, mode: 'add' | 'edit' | 'detail'): boolean {
  const options = optionsOf(control);
  if (mode === 'detail') return true;
  return flag(options.disabled) || (mode === 'edit' && flag(options.editDisabled));
}
