import type { ControlWidget } from '../types.ts';
import { switchWidget } from '../shared/choiceWidgets.tsx';
import { BARE, propertyEditor } from '../shared/properties/editor.ts';
import { switchSections } from '../shared/properties/switch/index.tsx';

/** switch: 开关：开为 '0'，关为 '1'，旁边显示 openMsg / closeMsg. Editor, Display, text and the designer's property panel. */
export const switchControl: ControlWidget = { ...switchWidget(), properties: propertyEditor(BARE, switchSections) };
export const { Editor, Display } = switchControl;
