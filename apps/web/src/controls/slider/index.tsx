import type { ControlWidget } from '../types.ts';
import { sliderWidget } from '../shared/numberWidgets.tsx';

/** slider: 滑块：range、showInput. Editor, Display and text; its designer panel is properties.ts beside it. */
export const sliderControl: ControlWidget = sliderWidget();
export const { Editor, Display } = sliderControl;
