import type { ControlWidget } from '../types.ts';
import { textWidget } from '../shared/textWidgets.tsx';
import { TEXT, propertyEditor } from '../shared/properties/editor.ts';
import { inputSections } from '../shared/properties/text/index.tsx';

/** input: 单行文本. Editor, Display, text and the designer's property panel. */
export const inputControl: ControlWidget = { ...textWidget(), properties: propertyEditor(TEXT, inputSections) };
export const { Editor, Display } = inputControl;
