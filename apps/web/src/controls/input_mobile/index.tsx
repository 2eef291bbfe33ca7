import type { ControlWidget } from '../types.ts';
import { textWidget } from '../shared/textWidgets.tsx';

/** input_mobile: 手机号码：11位，1开头、第二位3-9（格式由 core 校验）. Editor, Display and text; its designer panel is properties.ts beside it. */
export const inputMobileControl: ControlWidget = textWidget();
export const { Editor, Display } = inputMobileControl;
