import type { ControlWidget } from '../types.ts';
import { choiceWidget } from '../shared/choiceWidgets.tsx';

/** cascade: 级联选择. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const cascadeControl: ControlWidget = choiceWidget('cascade');
export const { Editor, Display } = cascadeControl;
