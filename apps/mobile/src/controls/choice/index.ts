import type { ControlType } from '@park/core';
import type { MobileControl } from '../types.ts';
import { cascadeWidget, checkboxWidget, radioWidget, selectWidget, switchWidget } from './widgets.tsx';

/** The choice family on the phone: radios and checkboxes inline, selects and cascades in bottom pickers. */
export const CHOICE_CONTROLS = {
  radio: radioWidget(),
  checkbox: checkboxWidget(),
  select: selectWidget(),
  multiple_select: selectWidget(),
  cascade: cascadeWidget(),
  switch: switchWidget(),
} satisfies Partial<Record<ControlType, MobileControl>>;
