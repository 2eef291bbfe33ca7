import type { ControlWidget } from '../types.ts';
import { dateWidget } from '../shared/dateWidgets.tsx';

/** year_month: 年月份. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const yearMonthControl: ControlWidget = dateWidget('year_month');
export const { Editor, Display } = yearMonthControl;
