import type { ControlWidget } from '../types.ts';
import { fixedTextWidget } from '../shared/layoutWidgets.tsx';

/** text: 文字：设计中的固定文字. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const textControl: ControlWidget = fixedTextWidget();
export const { Editor, Display } = textControl;
