import type { ControlWidget } from '../types.ts';
import { textWidget } from '../shared/textWidgets.tsx';

/** input_website: 网址. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const inputWebsiteControl: ControlWidget = textWidget();
export const { Editor, Display } = inputWebsiteControl;
