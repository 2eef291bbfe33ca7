import type { PropertyEditor } from '../shared/properties/types.ts';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { cascadeSections } from '../shared/properties/choice/index.tsx';

/** cascade: the designer's property panel (common fields shown, then the type's own sections). */
export const cascadeProperties: PropertyEditor = propertyEditor(FIELD, cascadeSections);
