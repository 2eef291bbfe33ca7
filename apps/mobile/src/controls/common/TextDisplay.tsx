import type { FormControl } from '@park/core';
import type { MobileDisplayProps } from '../types.ts';

/** The read-only display most controls share: their text, or a dash when empty. */
export function textDisplay(text: (value: unknown, control: FormControl) => string) {
  return function TextDisplay({ control, value }: MobileDisplayProps) {
    const shown = text(value, control);
    return <span className="m-field-display">{shown === '' ? <span className="m-field-empty">-</span> : shown}</span>;
  };
}

export function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? '是' : '否';
  return '';
}

export const noText = () => '';
