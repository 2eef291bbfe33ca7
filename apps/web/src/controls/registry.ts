import type { ControlType } from '@park/core';
import type { ControlUi, ControlWidget } from './types.ts';
import { CHOICE_CONTROLS } from './choice/index.ts';
import { DATE_CONTROLS } from './date/index.ts';
import { LAYOUT_CONTROLS } from './layout/index.ts';
import { NUMBER_CONTROLS } from './number/index.ts';
import { PICKER_CONTROLS } from './picker/index.ts';
import { PLACE_CONTROLS } from './place/index.ts';
import { SUB_TABLE_CONTROLS } from './subTable/index.ts';
import { TEXT_CONTROLS } from './text/index.ts';
import { UPLOAD_CONTROLS } from './upload/index.ts';

/**
 * The browser half of every control type (DESIGN §3), one entry per type: its widget (Editor,
 * Display, text) and its designer property panel. Each family folder (`controls/<family>/`) lists
 * its types in its index.ts; this map is typed over core's ControlType, so a type no family lists
 * does not compile here.
 */
export const CONTROL_UI: Readonly<Record<ControlType, ControlUi>> = {
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

/** The browser half of a control, or undefined for a type this runtime does not know. */
export function controlUiOf(type: string): ControlUi | undefined {
  return Object.hasOwn(CONTROL_UI, type) ? CONTROL_UI[type as ControlType] : undefined;
}

/** The widget of a control, or undefined for a type this runtime does not know. */
export function widgetOf(type: string): ControlWidget | undefined {
  return controlUiOf(type)?.widget;
}
