import type { ControlWidget } from '../types.ts';
import { multiPickerWidget } from '../shared/pickers/PickerField.tsx';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { systemPickerSections } from '../shared/properties/picker/PickerSections.tsx';

/** m_org_select: 组织机构（多选）. Editor, Display, text and the designer's property panel. */
export const mOrgSelectControl: ControlWidget = { ...multiPickerWidget(), properties: propertyEditor(FIELD, systemPickerSections) };
export const { Editor, Display } = mOrgSelectControl;
