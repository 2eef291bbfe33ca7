import type { ControlWidget } from '../types.ts';
import { dateWidget } from '../shared/dateWidgets.tsx';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { dateSections } from '../shared/properties/date/index.tsx';

/** date: 日期. Editor, Display, text and the designer's property panel. */
export const dateControl: ControlWidget = { ...dateWidget('date'), properties: propertyEditor(FIELD, dateSections) };
export const { Editor, Display } = dateControl;
