import type { ControlWidget } from '../types.ts';
import { dateWidget } from '../shared/dateWidgets.tsx';

/** datetime: 日期时间. Editor, Display and text; its designer panel is properties.ts beside it. */
export const datetimeControl: ControlWidget = dateWidget('datetime');
export const { Editor, Display } = datetimeControl;
