import type { ControlWidget } from '../types.ts';
import { dateWidget } from '../shared/dateWidgets.tsx';

/** time: 时间：可为时间范围. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const timeControl: ControlWidget = dateWidget('time');
export const { Editor, Display } = timeControl;
