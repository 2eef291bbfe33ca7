import type { ControlWidget } from '../types.ts';
import { singlePickerWidget } from '../shared/pickers/PickerField.tsx';

/** dic_select: 数据字典（单选），按 typeCode. Editor, Display and text; its designer panel is properties.ts beside it. */
export const dicSelectControl: ControlWidget = singlePickerWidget();
export const { Editor, Display } = dicSelectControl;
