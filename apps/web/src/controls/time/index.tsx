import type { ControlWidget } from '../types.ts';
import { dateWidget } from '../shared/dateWidgets.tsx';

/** time: 时间：可为时间范围. Editor, Display and text; its designer panel is properties.ts beside it. */
export const timeControl: ControlWidget = dateWidget('time');
export const { Editor, Display } = timeControl;
