import type { ControlWidget } from '../types.ts';
import { blankWidget } from '../shared/layoutWidgets.tsx';
import { NONE, propertyEditor } from '../shared/properties/editor.ts';

/** blank: 空白占位. Editor, Display, text and the designer's property panel. */
export const blankControl: ControlWidget = { ...blankWidget(), properties: propertyEditor(NONE) };
export const { Editor, Display } = blankControl;
