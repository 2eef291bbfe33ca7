import type { ControlWidget } from '../types.ts';
import { choiceWidget } from '../shared/choiceWidgets.tsx';

/** select: 下拉选择框：静态或远程选项. Editor, Display and text; its designer panel is properties.ts beside it. */
export const selectControl: ControlWidget = choiceWidget('select');
export const { Editor, Display } = selectControl;
