import type { ControlWidget } from '../types.ts';
import { numberWidget } from '../shared/numberWidgets.tsx';

/** input_int: 数字(整型). Editor, Display and text; its designer panel is properties.ts beside it. */
export const inputIntControl: ControlWidget = numberWidget({ integer: true });
export const { Editor, Display } = inputIntControl;
