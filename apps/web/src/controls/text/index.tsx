import type { ControlWidget } from '../types.ts';
import { fixedTextWidget } from '../shared/layoutWidgets.tsx';

/** text: 文字：设计中的固定文字. Editor, Display and text; its designer panel is properties.ts beside it. */
export const textControl: ControlWidget = fixedTextWidget();
export const { Editor, Display } = textControl;
