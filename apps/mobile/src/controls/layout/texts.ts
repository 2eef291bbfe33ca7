import { plainText, type ControlType, type FormControl } from '@park/core';
import type { ControlText } from '../types.ts';
import { noText } from '../common/text.ts';
import { optionsOf } from '../common/values.ts';

/** text (文字) reads the designer's words; blank space and a grid's frame read nothing. */
export const fixedText = (_value: unknown, control: FormControl) => plainText(optionsOf(control).defaultValue);

export const LAYOUT_TEXTS = {
  text: fixedText,
  blank: noText,
  grid: noText,
} satisfies Partial<Record<ControlType, ControlText>>;
