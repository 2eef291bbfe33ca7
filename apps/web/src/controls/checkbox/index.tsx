import type { ControlWidget } from '../types.ts';
import { choiceWidget } from '../shared/choiceWidgets.tsx';
import { BARE, propertyEditor } from '../shared/properties/editor.ts';
import { choiceSections } from '../shared/properties/choice/index.tsx';

/** checkbox: 多选框：逗号分隔保存. Editor, Display, text and the designer's property panel. */
export const checkboxControl: ControlWidget = { ...choiceWidget('checkbox'), properties: propertyEditor(BARE, choiceSections) };
export const { Editor, Display } = checkboxControl;
