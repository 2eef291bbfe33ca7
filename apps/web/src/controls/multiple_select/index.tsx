import type { ControlWidget } from '../types.ts';
import { choiceWidget } from '../shared/choiceWidgets.tsx';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { choiceSections } from '../shared/properties/choice/index.tsx';

/** multiple_select: 多选下拉框. Editor, Display, text and the designer's property panel. */
export const multipleSelectControl: ControlWidget = { ...choiceWidget('select'), properties: propertyEditor(FIELD, choiceSections) };
export const { Editor, Display } = multipleSelectControl;
