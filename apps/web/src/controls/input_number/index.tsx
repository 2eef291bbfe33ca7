import type { ControlWidget } from '../types.ts';
import { numberWidget } from '../shared/numberWidgets.tsx';
import { TEXT, propertyEditor } from '../shared/properties/editor.ts';
import { typedNumberSections } from '../shared/properties/number/index.tsx';

/** input_number: 数字(浮点型)：超出 enableMinMax 的范围由校验提示. Editor, Display, text and the designer's property panel. */
export const inputNumberControl: ControlWidget = { ...numberWidget({}), properties: propertyEditor(TEXT, typedNumberSections) };
export const { Editor, Display } = inputNumberControl;
