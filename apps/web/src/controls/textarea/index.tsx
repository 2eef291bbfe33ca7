import type { ControlWidget } from '../types.ts';
import { textareaWidget } from '../shared/textWidgets.tsx';

/** textarea: 多行文本，默认5行. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const textareaControl: ControlWidget = textareaWidget();
export const { Editor, Display } = textareaControl;
