import type { ControlWidget } from '../types.ts';
import { dateWidget } from '../shared/dateWidgets.tsx';

/** month: 月份. Editor, Display and text; its designer panel is properties.ts beside it. */
export const monthControl: ControlWidget = dateWidget('month');
export const { Editor, Display } = monthControl;
