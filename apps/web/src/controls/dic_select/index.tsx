import type { ControlWidget } from '../types.ts';
import { singlePickerWidget } from '../shared/pickers/PickerField.tsx';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { systemPickerSections } from '../shared/properties/picker/PickerSections.tsx';

/** dic_select: 数据字典（单选），按 typeCode. Editor, Display, text and the designer's property panel. */
export const dicSelectControl: ControlWidget = { ...singlePickerWidget(), properties: propertyEditor(FIELD, systemPickerSections) };
export const { Editor, Display } = dicSelectControl;
