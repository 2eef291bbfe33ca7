import type { ControlWidget } from '../types.ts';
import { multiPickerWidget } from '../shared/pickers/PickerField.tsx';

/** m_org_select: 组织机构（多选）. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const mOrgSelectControl: ControlWidget = multiPickerWidget();
export const { Editor, Display } = mOrgSelectControl;
