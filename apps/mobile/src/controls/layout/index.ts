import type { ControlType } from '@park/core';
import type { MobileControl } from '../types.ts';
import { blankWidget, fixedTextWidget, gridWidget } from './widgets.tsx';

/** Layout on the phone: a grid's columns stack; blank space takes none. */
export const LAYOUT_CONTROLS = {
  text: fixedTextWidget(),
  blank: blankWidget(),
  grid: gridWidget(),
} satisfies Partial<Record<ControlType, MobileControl>>;
