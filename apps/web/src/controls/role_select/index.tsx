import type { ControlWidget } from '../types.ts';
import { singlePickerWidget } from '../shared/pickers/PickerField.tsx';

/** role_select: 角色（单选）. Editor, Display and text; its designer panel is properties.ts beside it. */
export const roleSelectControl: ControlWidget = singlePickerWidget();
export const { Editor, Display } = roleSelectControl;
