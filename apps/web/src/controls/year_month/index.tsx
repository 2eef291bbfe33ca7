import type { ControlWidget } from '../types.ts';
import { dateWidget } from '../shared/dateWidgets.tsx';

/** year_month: 年月份. Editor, Display and text; its designer panel is properties.ts beside it. */
export const yearMonthControl: ControlWidget = dateWidget('year_month');
export const { Editor, Display } = yearMonthControl;
