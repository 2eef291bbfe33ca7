import type { ControlWidget } from '../types.ts';
import { numberWidget } from '../shared/numberWidgets.tsx';
import { TEXT, propertyEditor } from '../shared/properties/editor.ts';
import { typedNumberSections } from '../shared/properties/number/index.tsx';

/** input_long: 数字(长整型)：超过 2^53 的值以文本保存. Editor, Display, text and the designer's property panel. */
export const inputLongControl: ControlWidget = { ...numberWidget({ integer: true, asText: true }), properties: propertyEditor(TEXT, typedNumberSections) };
export const { Editor, Display } = inputLongControl;
