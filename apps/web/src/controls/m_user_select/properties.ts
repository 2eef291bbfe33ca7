import type { PropertyEditor } from '../shared/properties/types.ts';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { systemPickerSections } from '../shared/properties/picker/PickerSections.tsx';

/** m_user_select: the designer's property panel (common fields shown, then the type's own sections). */
export const mUserSelectProperties: PropertyEditor = propertyEditor(FIELD, systemPickerSections);
