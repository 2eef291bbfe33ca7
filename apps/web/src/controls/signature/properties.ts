import type { PropertyEditor } from '../shared/properties/types.ts';
import { BARE, propertyEditor } from '../shared/properties/editor.ts';

/** signature: the designer's property panel (common fields shown, then the type's own sections). */
export const signatureProperties: PropertyEditor = propertyEditor(BARE);
