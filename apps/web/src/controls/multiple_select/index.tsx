import type { ControlWidget } from '../types.ts';
import { choiceWidget } from '../shared/choiceWidgets.tsx';

/** multiple_select: 多选下拉框. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const multipleSelectControl: ControlWidget = choiceWidget('select');
export const { Editor, Display } = multipleSelectControl;
