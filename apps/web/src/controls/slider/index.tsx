import type { ControlWidget } from '../types.ts';
import { sliderWidget } from '../shared/numberWidgets.tsx';
import { BARE, propertyEditor } from '../shared/properties/editor.ts';
import { sliderSections } from '../shared/properties/number/index.tsx';

/** slider: 滑块：range、showInput. Editor, Display, text and the designer's property panel. */
export const sliderControl: ControlWidget = { ...sliderWidget(), properties: propertyEditor(BARE, sliderSections) };
export const { Editor, Display } = sliderControl;
