import type { ControlOption, ControlOptions, FormControl } from '@park/core';

/** Reading a design: flags and numbers may have been saved as text. */
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

/** The control's width when the designer set one, e.g. "40%" or "240px". */
export function widthStyle(control: FormControl, compact?: boolean): { width: string } {
  const width = optionsOf(control).width;
  if (compact || typeof width !== 'string' || !/^\d+(\.\d+)?(%|px)$/.test(width.trim()))
    return { width: '100%' };
  return { width: width.trim() };
}

export function isDisabled(control: FormControl, mode: 'add' | 'edit' | 'detail'): boolean {
  const options = optionsOf(control);
  if (mode === 'detail') return true;
  return flag(options.disabled) || (mode === 'edit' && flag(options.editDisabled));
}

export type { ControlOption };
