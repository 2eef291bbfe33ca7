import type { ControlWidget } from '../types.ts';
import { dateWidget } from '../shared/dateWidgets.tsx';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { dateSections } from '../shared/properties/date/index.tsx';

/** datetime: 日期时间. Editor, Display, text and the designer's property panel. */
export const datetimeControl: ControlWidget = { ...dateWidget('datetime'), properties: propertyEditor(FIELD, dateSections) };
export const { Editor, Display } = datetimeControl;
