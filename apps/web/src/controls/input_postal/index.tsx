import type { ControlWidget } from '../types.ts';
import { textWidget } from '../shared/textWidgets.tsx';
import { TEXT, propertyEditor } from '../shared/properties/editor.ts';
import { typedInputSections } from '../shared/properties/text/index.tsx';

/** input_postal: 邮政编码：6位数字. Editor, Display, text and the designer's property panel. */
export const inputPostalControl: ControlWidget = { ...textWidget(), properties: propertyEditor(TEXT, typedInputSections) };
export const { Editor, Display } = inputPostalControl;
