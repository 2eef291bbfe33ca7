import type { ControlWidget } from '../types.ts';
import { textareaWidget } from '../shared/textWidgets.tsx';

/** textarea: 多行文本，默认5行. Editor, Display and text; its designer panel is properties.ts beside it. */
export const textareaControl: ControlWidget = textareaWidget();
export const { Editor, Display } = textareaControl;
