import type { ControlOptions, FormControl, FormRule } from '../types.ts';

/** Empty as the original's isNull saw it, plus blank text and empty lists. */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** A design flag; the designer may have saved it as text. */
export function flag(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

/** A design number; the designer may have saved it as text. */
export function designNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** Text of a scalar; anything else is no text. */
export function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return value.toString();
  return '';
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A formMeta may lack options; reading through this never throws. */
export function optionsOf(control: FormControl): ControlOptions {
  return isRecord(control.options) ? control.options : {};
}

export function rulesOf(control: FormControl): FormRule[] {
  return Array.isArray(control.rules) ? control.rules.filter(isRecord) : [];
}

export function nameOf(control: FormControl): string {
  if (typeof control.name === 'string' && control.name.trim() !== '') return control.name;
  return typeof control.model === 'string' ? control.model : '';
}

export function modelOf(control: FormControl): string {
  return typeof control.model === 'string' ? control.model.trim() : '';
}
