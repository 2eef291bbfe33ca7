import type { ControlWidget } from '../types.ts';
import { dateWidget } from '../shared/dateWidgets.tsx';

/** year: 年份. Editor, Display and text; its designer panel is properties.ts beside it. */
export const yearControl: ControlWidget = dateWidget('year');
export const { Editor, Display } = yearControl;
