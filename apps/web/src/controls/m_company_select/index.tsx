import type { ControlWidget } from '../types.ts';
import { multiPickerWidget } from '../shared/pickers/PickerField.tsx';

/** m_company_select: 企业（多选）. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const mCompanySelectControl: ControlWidget = multiPickerWidget();
export const { Editor, Display } = mCompanySelectControl;
