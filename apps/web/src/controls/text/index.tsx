import type { ControlWidget } from '../types.ts';
import { fixedTextWidget } from '../shared/layoutWidgets.tsx';
import { LAYOUT, propertyEditor } from '../shared/properties/editor.ts';
import { staticTextSections } from '../shared/properties/text/index.tsx';

/** text: 文字：设计中的固定文字. Editor, Display, text and the designer's property panel. */
export const textControl: ControlWidget = { ...fixedTextWidget(), properties: propertyEditor(LAYOUT, staticTextSections) };
export const { Editor, Display } = textControl;
