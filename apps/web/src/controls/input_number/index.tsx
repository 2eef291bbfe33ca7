import type { ControlWidget } from '../types.ts';
import { numberWidget } from '../shared/numberWidgets.tsx';

/** input_number: 数字(浮点型)：超出 enableMinMax 的范围由校验提示. Editor, Display and text; its designer panel is properties.ts beside it. */
export const inputNumberControl: ControlWidget = numberWidget({});
export const { Editor, Display } = inputNumberControl;
