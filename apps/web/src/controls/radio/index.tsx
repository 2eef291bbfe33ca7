import type { ControlWidget } from '../types.ts';
import { choiceWidget } from '../shared/choiceWidgets.tsx';

/** radio: 单选框：选项可控制其他控件的显示. Editor, Display and text; its designer panel is properties.ts beside it. */
export const radioControl: ControlWidget = choiceWidget('radio');
export const { Editor, Display } = radioControl;
