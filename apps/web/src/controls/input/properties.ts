import type { PropertyEditor } from '../shared/properties/types.ts';
import { TEXT, propertyEditor } from '../shared/properties/editor.ts';
import { inputSections } from '../shared/properties/text/index.tsx';

/** input: the designer's property panel (common fields shown, then the type's own sections). */
export const inputProperties: PropertyEditor = propertyEditor(TEXT, inputSections);
