import type { ControlWidget } from '../types.ts';
import { sliderWidget } from '../shared/numberWidgets.tsx';

/** slider: 滑块：range、showInput. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const sliderControl: ControlWidget = sliderWidget();
export const { Editor, Display } = sliderControl;
