import type { ControlWidget } from '../types.ts';
import { currentUserWidget } from '../shared/pickers/PickerField.tsx';

/** current_user: 当前用户：自动填入登录用户. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const currentUserControl: ControlWidget = currentUserWidget();
export const { Editor, Display } = currentUserControl;
