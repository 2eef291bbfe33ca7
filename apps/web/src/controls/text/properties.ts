import type { PropertyEditor } from '../shared/properties/types.ts';
import { LAYOUT, propertyEditor } from '../shared/properties/editor.ts';
import { staticTextSections } from '../shared/properties/text/index.tsx';

/** text: the designer's property panel (common fields shown, then the type's own sections). */
export const textProperties: PropertyEditor = propertyEditor(LAYOUT, staticTextSections);
