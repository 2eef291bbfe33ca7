import type { PropertyEditor } from '../shared/properties/types.ts';
import { NONE, propertyEditor } from '../shared/properties/editor.ts';

/** blank: the designer's property panel (common fields shown, then the type's own sections). */
export const blankProperties: PropertyEditor = propertyEditor(NONE);
