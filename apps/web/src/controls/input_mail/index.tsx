import type { ControlWidget } from '../types.ts';
import { textWidget } from '../shared/textWidgets.tsx';

/** input_mail: 邮箱. Editor, Display and text; its designer panel is properties.ts beside it. */
export const inputMailControl: ControlWidget = textWidget();
export const { Editor, Display } = inputMailControl;
