import type { ControlWidget } from '../types.ts';
import { blankWidget } from '../shared/layoutWidgets.tsx';

/** blank: 空白占位. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const blankControl: ControlWidget = blankWidget();
export const { Editor, Display } = blankControl;
