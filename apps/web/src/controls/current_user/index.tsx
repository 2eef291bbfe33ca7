import type { ControlWidget } from '../types.ts';
import { currentUserWidget } from '../shared/pickers/PickerField.tsx';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { currentUserSections } from '../shared/properties/picker/PickerSections.tsx';

/** current_user: 当前用户：自动填入登录用户. Editor, Display, text and the designer's property panel. */
export const currentUserControl: ControlWidget = { ...currentUserWidget(), properties: propertyEditor(FIELD, currentUserSections) };
export const { Editor, Display } = currentUserControl;
