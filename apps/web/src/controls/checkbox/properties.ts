import type { PropertyEditor } from '../shared/properties/types.ts';
import { BARE, propertyEditor } from '../shared/properties/editor.ts';
import { choiceSections } from '../shared/properties/choice/index.tsx';

/** checkbox: the designer's property panel (common fields shown, then the type's own sections). */
export const checkboxProperties: PropertyEditor = propertyEditor(BARE, choiceSections);
