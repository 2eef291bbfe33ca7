import type { ControlWidget } from '../types.ts';
import { dateWidget } from '../shared/dateWidgets.tsx';

/** datetime: 日期时间. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const datetimeControl: ControlWidget = dateWidget('datetime');
export const { Editor, Display } = datetimeControl;
