import type { ControlWidget } from '../types.ts';
import { textWidget } from '../shared/textWidgets.tsx';

/** input: 单行文本. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const inputControl: ControlWidget = textWidget();
export const { Editor, Display } = inputControl;
