import type { PropertyEditor } from '../shared/properties/types.ts';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { counterSections } from '../shared/properties/number/index.tsx';

/** number: the designer's property panel (common fields shown, then the type's own sections). */
export const numberProperties: PropertyEditor = propertyEditor(FIELD, counterSections);
