import type { PropertyEditor } from '../shared/properties/types.ts';
import { BARE, propertyEditor } from '../shared/properties/editor.ts';
import { sliderSections } from '../shared/properties/number/index.tsx';

/** slider: the designer's property panel (common fields shown, then the type's own sections). */
export const sliderProperties: PropertyEditor = propertyEditor(BARE, sliderSections);
