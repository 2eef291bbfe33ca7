import type { ControlType } from '@park/core';
import type { MobileControl } from './types.ts';
import { CHOICE_CONTROLS } from './choice/index.ts';
import { DATE_CONTROLS } from './date/index.ts';
import { LAYOUT_CONTROLS } from './layout/index.ts';
import { NUMBER_CONTROLS } from './number/index.ts';
import { PICKER_CONTROLS } from './picker/index.ts';
import { PLACE_CONTROLS } from './place/index.ts';
import { SUB_TABLE_CONTROLS } from './subTable/index.tsx';
import { TEXT_CONTROLS } from './text/index.ts';
import { UPLOAD_CONTROLS } from './upload/index.ts';

/**
 * The phone half of every control type (DESIGN §13), one entry per type, like the desktop's
 * CONTROL_UI: each family folder lists its types in its index; this map is typed over core's
 * ControlType, so a type no family lists does not compile here either.
 */
export const MOBILE_CONTROLS: Readonly<Record<ControlType, MobileControl>> = {
  ...TEXT_CONTROLS,
  ...LAYOUT_CONTROLS,
  ...NUMBER_CONTROLS,
  ...CHOICE_CONTROLS,
  ...DATE_CONTROLS,
  ...PLACE_CONTROLS,
  ...UPLOAD_CONTROLS,
  ...PICKER_CONTROLS,
  ...SUB_TABLE_CONTROLS,
};

/** The phone half of a control, or undefined for a type this runtime does not know. */
export function mobileControlOf(type: string): MobileControl | undefined {
  return Object.hasOwn(MOBILE_CONTROLS, type) ? MOBILE_CONTROLS[type as ControlType] : undefined;
}
