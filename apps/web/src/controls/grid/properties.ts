import type { PropertyEditor } from '../shared/properties/types.ts';
import { LAYOUT, propertyEditor } from '../shared/properties/editor.ts';
import { gridSections } from '../shared/properties/layout/index.tsx';

/** grid: the designer's property panel (common fields shown, then the type's own sections). */
export const gridProperties: PropertyEditor = propertyEditor(LAYOUT, gridSections);
