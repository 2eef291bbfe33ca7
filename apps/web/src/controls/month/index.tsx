import type { ControlWidget } from '../types.ts';
import { dateWidget } from '../shared/dateWidgets.tsx';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { dateSections } from '../shared/properties/date/index.tsx';

/** month: 月份. Editor, Display, text and the designer's property panel. */
export const monthControl: ControlWidget = { ...dateWidget('month'), properties: propertyEditor(FIELD, dateSections) };
export const { Editor, Display } = monthControl;
