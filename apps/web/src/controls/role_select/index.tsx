import type { ControlWidget } from '../types.ts';
import { singlePickerWidget } from '../shared/pickers/PickerField.tsx';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { systemPickerSections } from '../shared/properties/picker/PickerSections.tsx';

/** role_select: 角色（单选）. Editor, Display, text and the designer's property panel. */
export const roleSelectControl: ControlWidget = { ...singlePickerWidget(), properties: propertyEditor(FIELD, systemPickerSections) };
export const { Editor, Display } = roleSelectControl;
