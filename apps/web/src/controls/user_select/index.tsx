import type { ControlWidget } from '../types.ts';
import { singlePickerWidget } from '../shared/pickers/PickerField.tsx';

/** user_select: 用户（单选）. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const userSelectControl: ControlWidget = singlePickerWidget();
export const { Editor, Display } = userSelectControl;
