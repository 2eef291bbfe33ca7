import { plainText, type ControlType } from '@park/core';
import type { ControlText } from '../types.ts';

/** The text family's card text: what was typed. */
export const TEXT_TEXTS = {
  input: plainText,
  textarea: plainText,
  input_mobile: plainText,
  input_tel: plainText,
  input_mail: plainText,
  input_postal: plainText,
  input_website: plainText,
} satisfies Partial<Record<ControlType, ControlText>>;
