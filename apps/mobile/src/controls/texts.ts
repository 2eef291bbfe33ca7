import type { ControlType } from '@park/core';
import type { ControlText } from './types.ts';
import { CHOICE_TEXTS } from './choice/texts.ts';
import { DATE_TEXTS } from './date/texts.ts';
import { LAYOUT_TEXTS } from './layout/texts.ts';
import { NUMBER_TEXTS } from './number/texts.ts';
import { PICKER_TEXTS } from './picker/texts.ts';
import { PLACE_TEXTS } from './place/texts.ts';
import { SUB_TABLE_TEXTS } from './subTable/texts.ts';
import { TEXT_TEXTS } from './text/texts.ts';
import { UPLOAD_TEXTS } from './upload/texts.ts';

/**
 * Every control type's plain text on the phone (a list card's slots, a sub-table row's summary),
 * beside MOBILE_CONTROLS rather than in it: the list page needs only these, and through the
 * registry it loaded every editor with its antd-mobile pickers and popups (ADR 0068 of the list's
 * own chunk). Typed over core's ControlType like the registry, so neither map can miss a type.
 */
export const CONTROL_TEXTS: Readonly<Record<ControlType, ControlText>> = {
  ...TEXT_TEXTS,
  ...LAYOUT_TEXTS,
  ...NUMBER_TEXTS,
  ...CHOICE_TEXTS,
  ...DATE_TEXTS,
  ...PLACE_TEXTS,
  ...UPLOAD_TEXTS,
  ...PICKER_TEXTS,
  ...SUB_TABLE_TEXTS,
};

/** A control's text, or undefined for a type this runtime does not know. */
export function controlTextOf(type: string): ControlText | undefined {
  return Object.hasOwn(CONTROL_TEXTS, type) ? CONTROL_TEXTS[type as ControlType] : undefined;
}
