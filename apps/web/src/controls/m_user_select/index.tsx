import type { ControlWidget } from '../types.ts';
import { multiPickerWidget } from '../shared/pickers/PickerField.tsx';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { systemPickerSections } from '../shared/properties/picker/PickerSections.tsx';

/** m_user_select: 用户（多选）. Editor, Display, text and the designer's property panel. */
export const mUserSelectControl: ControlWidget = { ...multiPickerWidget(), properties: propertyEditor(FIELD, systemPickerSections) };
export const { Editor, Display } = mUserSelectControl;
