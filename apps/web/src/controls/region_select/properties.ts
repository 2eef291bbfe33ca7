import type { PropertyEditor } from '../shared/properties/types.ts';
import { BARE, propertyEditor } from '../shared/properties/editor.ts';
import { regionSections } from '../shared/properties/place/index.tsx';

/** region_select: the designer's property panel (common fields shown, then the type's own sections). */
export const regionSelectProperties: PropertyEditor = propertyEditor(BARE, regionSections);
