import type { ControlWidget } from '../types.ts';
import { numberWidget } from '../shared/numberWidgets.tsx';

/** number: 计数器：min/max/step，自身限制在范围内. Editor, Display and text; its designer panel is properties.ts beside it. */
export const numberControl: ControlWidget = numberWidget({ clamps: true });
export const { Editor, Display } = numberControl;
