import type { ControlWidget } from '../types.ts';
import { textWidget } from '../shared/textWidgets.tsx';

/** input: 单行文本. Editor, Display and text; its designer panel is properties.ts beside it. */
export const inputControl: ControlWidget = textWidget();
export const { Editor, Display } = inputControl;
