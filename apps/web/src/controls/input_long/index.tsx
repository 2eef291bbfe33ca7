import type { ControlWidget } from '../types.ts';
import { numberWidget } from '../shared/numberWidgets.tsx';

/** input_long: 数字(长整型)：超过 2^53 的值以文本保存. Editor, Display and text; its designer panel is properties.ts beside it. */
export const inputLongControl: ControlWidget = numberWidget({ integer: true, asText: true });
export const { Editor, Display } = inputLongControl;
