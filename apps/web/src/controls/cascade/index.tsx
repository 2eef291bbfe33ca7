import type { ControlWidget } from '../types.ts';
import { choiceWidget } from '../shared/choiceWidgets.tsx';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { cascadeSections } from '../shared/properties/choice/index.tsx';

/** cascade: 级联选择. Editor, Display, text and the designer's property panel. */
export const cascadeControl: ControlWidget = { ...choiceWidget('cascade'), properties: propertyEditor(FIELD, cascadeSections) };
export const { Editor, Display } = cascadeControl;
