import type { PropertyEditor } from '../shared/properties/types.ts';
import { TEXT, propertyEditor } from '../shared/properties/editor.ts';
import { typedNumberSections } from '../shared/properties/number/index.tsx';

/** input_int: the designer's property panel (common fields shown, then the type's own sections). */
export const inputIntProperties: PropertyEditor = propertyEditor(TEXT, typedNumberSections);
