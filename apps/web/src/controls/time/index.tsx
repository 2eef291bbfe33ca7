import type { ControlWidget } from '../types.ts';
import { dateWidget } from '../shared/dateWidgets.tsx';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { dateSections } from '../shared/properties/date/index.tsx';

/** time: 时间：可为时间范围. Editor, Display, text and the designer's property panel. */
export const timeControl: ControlWidget = { ...dateWidget('time'), properties: propertyEditor(FIELD, dateSections) };
export const { Editor, Display } = timeControl;
