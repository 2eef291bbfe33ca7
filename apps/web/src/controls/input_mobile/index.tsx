import type { ControlWidget } from '../types.ts';
import { textWidget } from '../shared/textWidgets.tsx';
import { TEXT, propertyEditor } from '../shared/properties/editor.ts';
import { typedInputSections } from '../shared/properties/text/index.tsx';

/** input_mobile: 手机号码：11位，1开头、第二位3-9（格式由 core 校验）. Editor, Display, text and the designer's property panel. */
export const inputMobileControl: ControlWidget = { ...textWidget(), properties: propertyEditor(TEXT, typedInputSections) };
export const { Editor, Display } = inputMobileControl;
