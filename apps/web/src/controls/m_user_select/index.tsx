import type { ControlWidget } from '../types.ts';
import { multiPickerWidget } from '../shared/pickers/PickerField.tsx';

/** m_user_select: 用户（多选）. Editor, Display and text; its designer panel is properties.ts beside it. */
export const mUserSelectControl: ControlWidget = multiPickerWidget();
export const { Editor, Display } = mUserSelectControl;
