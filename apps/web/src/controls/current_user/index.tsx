import type { ControlWidget } from '../types.ts';
import { currentUserWidget } from '../shared/pickers/PickerField.tsx';

/** current_user: 当前用户：自动填入登录用户. Editor, Display and text; its designer panel is properties.ts beside it. */
export const currentUserControl: ControlWidget = currentUserWidget();
export const { Editor, Display } = currentUserControl;
