import type { PropertyEditor } from '../shared/properties/types.ts';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { choiceSections } from '../shared/properties/choice/index.tsx';

/** select: the designer's property panel (common fields shown, then the type's own sections). */
export const selectProperties: PropertyEditor = propertyEditor(FIELD, choiceSections);
