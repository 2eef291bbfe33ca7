import type { ControlWidget } from '../types.ts';
import { textWidget } from '../shared/textWidgets.tsx';
import { TEXT, propertyEditor } from '../shared/properties/editor.ts';
import { typedInputSections } from '../shared/properties/text/index.tsx';

/** input_mail: 邮箱. Editor, Display, text and the designer's property panel. */
export const inputMailControl: ControlWidget = { ...textWidget(), properties: propertyEditor(TEXT, typedInputSections) };
export const { Editor, Display } = inputMailControl;
