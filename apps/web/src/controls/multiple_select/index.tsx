import type { ControlWidget } from '../types.ts';
import { choiceWidget } from '../shared/choiceWidgets.tsx';

/** multiple_select: 多选下拉框. Editor, Display and text; its designer panel is properties.ts beside it. */
export const multipleSelectControl: ControlWidget = choiceWidget('select');
export const { Editor, Display } = multipleSelectControl;
