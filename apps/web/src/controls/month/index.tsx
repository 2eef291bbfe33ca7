import type { ControlWidget } from '../types.ts';
import { dateWidget } from '../shared/dateWidgets.tsx';

/** month: 月份. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const monthControl: ControlWidget = dateWidget('month');
export const { Editor, Display } = monthControl;
