import type { ControlWidget } from '../types.ts';
import { multiPickerWidget } from '../shared/pickers/PickerField.tsx';

/** m_company_select: 企业（多选）. Editor, Display and text; its designer panel is properties.ts beside it. */
export const mCompanySelectControl: ControlWidget = multiPickerWidget();
export const { Editor, Display } = mCompanySelectControl;
