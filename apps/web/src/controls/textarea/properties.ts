import type { PropertyEditor } from '../shared/properties/types.ts';
import { TEXT, propertyEditor } from '../shared/properties/editor.ts';
import { textareaSections } from '../shared/properties/text/index.tsx';

/** textarea: the designer's property panel (common fields shown, then the type's own sections). */
export const textareaProperties: PropertyEditor = propertyEditor(TEXT, textareaSections);
