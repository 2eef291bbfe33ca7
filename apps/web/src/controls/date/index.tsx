import type { ControlWidget } from '../types.ts';
import { dateWidget } from '../shared/dateWidgets.tsx';

/** date: 日期. Editor, Display and text; its designer panel is properties.ts beside it. */
export const dateControl: ControlWidget = dateWidget('date');
export const { Editor, Display } = dateControl;
