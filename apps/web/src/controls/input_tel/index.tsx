import type { ControlWidget } from '../types.ts';
import { textWidget } from '../shared/textWidgets.tsx';
import { TEXT, propertyEditor } from '../shared/properties/editor.ts';
import { typedInputSections } from '../shared/properties/text/index.tsx';

/** input_tel: 电话号码：区号-号码. Editor, Display, text and the designer's property panel. */
export const inputTelControl: ControlWidget = { ...textWidget(), properties: propertyEditor(TEXT, typedInputSections) };
export const { Editor, Display } = inputTelControl;
