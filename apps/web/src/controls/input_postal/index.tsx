import type { ControlWidget } from '../types.ts';
import { textWidget } from '../shared/textWidgets.tsx';

/** input_postal: 邮政编码：6位数字. Editor, Display and text; its designer panel is properties.ts beside it. */
export const inputPostalControl: ControlWidget = textWidget();
export const { Editor, Display } = inputPostalControl;
