import type { ControlWidget } from '../types.ts';
import { numberWidget } from '../shared/numberWidgets.tsx';

/** input_int: 数字(整型). Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const inputIntControl: ControlWidget = numberWidget({ integer: true });
export const { Editor, Display } = inputIntControl;
