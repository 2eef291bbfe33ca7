import type { ControlWidget } from '../types.ts';
import { choiceWidget } from '../shared/choiceWidgets.tsx';

/** checkbox: 多选框：逗号分隔保存. Editor, Display and text; its designer panel is properties.ts beside it. */
export const checkboxControl: ControlWidget = choiceWidget('checkbox');
export const { Editor, Display } = checkboxControl;
