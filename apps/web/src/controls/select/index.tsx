import type { ControlWidget } from '../types.ts';
import { choiceWidget } from '../shared/choiceWidgets.tsx';

/** select: 下拉选择框：静态或远程选项. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const selectControl: ControlWidget = choiceWidget('select');
export const { Editor, Display } = selectControl;
