import type { ControlWidget } from '../types.ts';
import { textWidget } from '../shared/textWidgets.tsx';

/** input_mail: 邮箱. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const inputMailControl: ControlWidget = textWidget();
export const { Editor, Display } = inputMailControl;
