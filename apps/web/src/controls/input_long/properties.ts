import type { PropertyEditor } from '../shared/properties/types.ts';
import { TEXT, propertyEditor } from '../shared/properties/editor.ts';
import { typedNumberSections } from '../shared/properties/number/index.tsx';

/** input_long: the designer's property panel (common fields shown, then the type's own sections). */
export const inputLongProperties: PropertyEditor = propertyEditor(TEXT, typedNumberSections);
