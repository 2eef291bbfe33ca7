import type { ControlWidget } from '../types.ts';
import { singlePickerWidget } from '../shared/pickers/PickerField.tsx';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { systemPickerSections } from '../shared/properties/picker/PickerSections.tsx';

/** user_select: 用户（单选）. Editor, Display, text and the designer's property panel. */
export const userSelectControl: ControlWidget = { ...singlePickerWidget(), properties: propertyEditor(FIELD, systemPickerSections) };
export const { Editor, Display } = userSelectControl;
