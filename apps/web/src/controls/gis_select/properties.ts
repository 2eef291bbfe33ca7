import type { PropertyEditor } from '../shared/properties/types.ts';
import { BARE, propertyEditor } from '../shared/properties/editor.ts';
import { gisSections } from '../shared/properties/place/index.tsx';

/** gis_select: the designer's property panel (common fields shown, then the type's own sections). */
export const gisSelectProperties: PropertyEditor = propertyEditor(BARE, gisSections);
