import type { ControlWidget } from '../types.ts';
import { blankWidget } from '../shared/layoutWidgets.tsx';

/** blank: 空白占位. Editor, Display and text; its designer panel is properties.ts beside it. */
export const blankControl: ControlWidget = blankWidget();
export const { Editor, Display } = blankControl;
