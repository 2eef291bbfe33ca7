import type { ControlWidget } from '../types.ts';
import { multiPickerWidget } from '../shared/pickers/PickerField.tsx';

/** m_user_select: 用户（多选）. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const mUserSelectControl: ControlWidget = multiPickerWidget();
export const { Editor, Display } = mUserSelectControl;
