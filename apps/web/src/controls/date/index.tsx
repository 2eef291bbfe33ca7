import type { ControlWidget } from '../types.ts';
import { dateWidget } from '../shared/dateWidgets.tsx';

/** date: 日期. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const dateControl: ControlWidget = dateWidget('date');
export const { Editor, Display } = dateControl;
