import type { ControlWidget } from '../types.ts';
import { textWidget } from '../shared/textWidgets.tsx';

/** input_website: 网址. Editor, Display and text; its designer panel is properties.ts beside it. */
export const inputWebsiteControl: ControlWidget = textWidget();
export const { Editor, Display } = inputWebsiteControl;
