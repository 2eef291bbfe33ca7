import type { ControlWidget } from '../types.ts';
import { textWidget } from '../shared/textWidgets.tsx';

/** input_tel: 电话号码：区号-号码. Editor, Display and text; its designer panel is properties.ts beside it. */
export const inputTelControl: ControlWidget = textWidget();
export const { Editor, Display } = inputTelControl;
