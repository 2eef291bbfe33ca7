import type { ControlWidget } from '../types.ts';
import { singlePickerWidget } from '../shared/pickers/PickerField.tsx';

/** user_select: 用户（单选）. Editor, Display and text; its designer panel is properties.ts beside it. */
export const userSelectControl: ControlWidget = singlePickerWidget();
export const { Editor, Display } = userSelectControl;
