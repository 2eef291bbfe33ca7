import type { ControlWidget } from '../types.ts';
import { switchWidget } from '../shared/choiceWidgets.tsx';

/** switch: 开关：开为 '0'，关为 '1'，旁边显示 openMsg / closeMsg. Editor, Display and text; its designer panel is properties.ts beside it. */
export const switchControl: ControlWidget = switchWidget();
export const { Editor, Display } = switchControl;
