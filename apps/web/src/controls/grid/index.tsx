import type { ControlWidget } from '../types.ts';
import { gridWidget } from '../shared/layoutWidgets.tsx';
import { LAYOUT, propertyEditor } from '../shared/properties/editor.ts';
import { gridSections } from '../shared/properties/layout/index.tsx';

/** grid: 栅格布局：行、列、span、gutter、justify、align. Editor, Display, text and the designer's property panel. */
export const gridControl: ControlWidget = { ...gridWidget(), properties: propertyEditor(LAYOUT, gridSections) };
export const { Editor, Display } = gridControl;
