import type { ControlWidget } from '../types.ts';
import { choiceWidget } from '../shared/choiceWidgets.tsx';
import { BARE, propertyEditor } from '../shared/properties/editor.ts';
import { choiceSections } from '../shared/properties/choice/index.tsx';

/** radio: 单选框：选项可控制其他控件的显示. Editor, Display, text and the designer's property panel. */
export const radioControl: ControlWidget = { ...choiceWidget('radio'), properties: propertyEditor(BARE, choiceSections) };
export const { Editor, Display } = radioControl;
