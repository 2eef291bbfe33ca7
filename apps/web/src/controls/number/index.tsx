import type { ControlWidget } from '../types.ts';
import { numberWidget } from '../shared/numberWidgets.tsx';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { counterSections } from '../shared/properties/number/index.tsx';

/** number: 计数器：min/max/step，自身限制在范围内. Editor, Display, text and the designer's property panel. */
export const numberControl: ControlWidget = { ...numberWidget({ clamps: true }), properties: propertyEditor(FIELD, counterSections) };
export const { Editor, Display } = numberControl;
