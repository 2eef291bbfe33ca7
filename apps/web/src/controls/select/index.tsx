import type { ControlWidget } from '../types.ts';
import { choiceWidget } from '../shared/choiceWidgets.tsx';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { choiceSections } from '../shared/properties/choice/index.tsx';

/** select: 下拉选择框：静态或远程选项. Editor, Display, text and the designer's property panel. */
export const selectControl: ControlWidget = { ...choiceWidget('select'), properties: propertyEditor(FIELD, choiceSections) };
export const { Editor, Display } = selectControl;
