import type { ControlWidget } from '../types.ts';
import { choiceWidget } from '../shared/choiceWidgets.tsx';

/** cascade: 级联选择. Editor, Display and text; its designer panel is properties.ts beside it. */
export const cascadeControl: ControlWidget = choiceWidget('cascade');
export const { Editor, Display } = cascadeControl;
