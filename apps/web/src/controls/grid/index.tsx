import type { ControlWidget } from '../types.ts';
import { gridWidget } from '../shared/layoutWidgets.tsx';

/** grid: 栅格布局：行、列、span、gutter、justify、align. Editor, Display and text; its designer panel is properties.ts beside it. */
export const gridControl: ControlWidget = gridWidget();
export const { Editor, Display } = gridControl;
