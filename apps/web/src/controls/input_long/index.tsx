import type { ControlWidget } from '../types.ts';
import { numberWidget } from '../shared/numberWidgets.tsx';

/** input_long: 数字(长整型)：超过 2^53 的值以文本保存. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const inputLongControl: ControlWidget = numberWidget({ integer: true, asText: true });
export const { Editor, Display } = inputLongControl;
