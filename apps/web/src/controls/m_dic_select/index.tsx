import type { ControlWidget } from '../types.ts';
import { multiPickerWidget } from '../shared/pickers/PickerField.tsx';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { systemPickerSections } from '../shared/properties/picker/PickerSections.tsx';

/** m_dic_select: 数据字典（多选）. Editor, Display, text and the designer's property panel. */
export const mDicSelectControl: ControlWidget = { ...multiPickerWidget(), properties: propertyEditor(FIELD, systemPickerSections) };
export const { Editor, Display } = mDicSelectControl;
