import type { ControlWidget } from '../types.ts';
import { choiceWidget } from '../shared/choiceWidgets.tsx';

/** checkbox: 多选框：逗号分隔保存. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const checkboxControl: ControlWidget = choiceWidget('checkbox');
export const { Editor, Display } = checkboxControl;
