import type { PropertyEditor } from '../shared/properties/types.ts';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { currentUserSections } from '../shared/properties/picker/PickerSections.tsx';

/** current_user: the designer's property panel (common fields shown, then the type's own sections). */
export const currentUserProperties: PropertyEditor = propertyEditor(FIELD, currentUserSections);
