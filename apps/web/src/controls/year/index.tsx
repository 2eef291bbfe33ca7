import type { ControlWidget } from '../types.ts';
import { dateWidget } from '../shared/dateWidgets.tsx';

/** year: 年份. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const yearControl: ControlWidget = dateWidget('year');
export const { Editor, Display } = yearControl;
