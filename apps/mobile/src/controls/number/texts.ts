import type { ControlType, FormControl } from '@park/core';
import type { ControlText } from '../types.ts';
import { plainText } from '../common/text.ts';

/** A number as typed or computed; a range as its two ends. */
export function numberText(value: unknown, _control: FormControl): string {
  if (Array.isArray(value)) return value.map((v) => plainText(v)).join(' - ');
  return plainText(value);
}

export const NUMBER_TEXTS = {
  number: numberText,
  input_number: numberText,
  input_int: numberText,
  input_long: numberText,
  slider: numberText,
  calculate_formula: numberText,
} satisfies Partial<Record<ControlType, ControlText>>;
