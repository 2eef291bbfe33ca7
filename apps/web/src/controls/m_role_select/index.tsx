import type { ControlWidget } from '../types.ts';
import { multiPickerWidget } from '../shared/pickers/PickerField.tsx';

/** m_role_select: 角色（多选）. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const mRoleSelectControl: ControlWidget = multiPickerWidget();
export const { Editor, Display } = mRoleSelectControl;
