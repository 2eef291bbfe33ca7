import type { ControlWidget } from '../types.ts';
import { multiPickerWidget } from '../shared/pickers/PickerField.tsx';

/** m_role_select: 角色（多选）. Editor, Display and text; its designer panel is properties.ts beside it. */
export const mRoleSelectControl: ControlWidget = multiPickerWidget();
export const { Editor, Display } = mRoleSelectControl;
