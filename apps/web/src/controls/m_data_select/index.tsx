import type { ControlWidget } from '../types.ts';
import { multiPickerWidget } from '../shared/pickers/PickerField.tsx';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { dataPickerSections } from '../shared/properties/picker/PickerSections.tsx';

/** m_data_select: 通用数据（多选）. Editor, Display, text and the designer's property panel. */
export const mDataSelectControl: ControlWidget = { ...multiPickerWidget(), properties: propertyEditor(FIELD, dataPickerSections) };
export const { Editor, Display } = mDataSelectControl;
