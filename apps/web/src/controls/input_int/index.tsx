import type { ControlWidget } from '../types.ts';
import { numberWidget } from '../shared/numberWidgets.tsx';
import { TEXT, propertyEditor } from '../shared/properties/editor.ts';
import { typedNumberSections } from '../shared/properties/number/index.tsx';

/** input_int: 数字(整型). Editor, Display, text and the designer's property panel. */
export const inputIntControl: ControlWidget = { ...numberWidget({ integer: true }), properties: propertyEditor(TEXT, typedNumberSections) };
export const { Editor, Display } = inputIntControl;
