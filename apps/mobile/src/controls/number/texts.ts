import { numberRangeText, type ControlType, type FormControl } from '@park/core';
import type { ControlText } from '../types.ts';

export const numberText = (value: unknown, _control: FormControl): string => numberRangeText(value);

export const NUMBER_TEXTS = {
  number: numberText,
  input_number: numberText,
  input_int: numberText,
  input_long: numberText,
  slider: numberText,
  calculate_formula: numberText,
} satisfies Partial<Record<ControlType, ControlText>>;
