import type { ControlWidget } from '../types.ts';
import { textareaWidget } from '../shared/textWidgets.tsx';
import { TEXT, propertyEditor } from '../shared/properties/editor.ts';
import { textareaSections } from '../shared/properties/text/index.tsx';

/** textarea: 多行文本，默认5行. Editor, Display, text and the designer's property panel. */
export const textareaControl: ControlWidget = { ...textareaWidget(), properties: propertyEditor(TEXT, textareaSections) };
export const { Editor, Display } = textareaControl;
