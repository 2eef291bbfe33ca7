import type { ControlType } from '@park/core';
import type { MobileControl } from '../types.ts';
import { textareaWidget, textWidget } from './widgets.tsx';

/** The text family on the phone; the typed inputs ask for the matching keyboard. */
export const TEXT_CONTROLS = {
  input: textWidget(),
  textarea: textareaWidget(),
  input_mobile: textWidget(),
  input_tel: textWidget(),
  input_mail: textWidget(),
  input_postal: textWidget(),
  input_website: textWidget(),
} satisfies Partial<Record<ControlType, MobileControl>>;
