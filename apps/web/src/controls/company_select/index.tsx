import type { ControlWidget } from '../types.ts';
import { singlePickerWidget } from '../shared/pickers/PickerField.tsx';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { systemPickerSections } from '../shared/properties/picker/PickerSections.tsx';

/** company_select: 企业（单选）：企业管理员锁定为本企业. Editor, Display, text and the designer's property panel. */
export const companySelectControl: ControlWidget = { ...singlePickerWidget(), properties: propertyEditor(FIELD, systemPickerSections) };
export const { Editor, Display } = companySelectControl;
