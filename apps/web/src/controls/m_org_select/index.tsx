import type { ControlWidget } from '../types.ts';
import { multiPickerWidget } from '../shared/pickers/PickerField.tsx';

/** m_org_select: 组织机构（多选）. Editor, Display and text; its designer panel is properties.ts beside it. */
export const mOrgSelectControl: ControlWidget = multiPickerWidget();
export const { Editor, Display } = mOrgSelectControl;
