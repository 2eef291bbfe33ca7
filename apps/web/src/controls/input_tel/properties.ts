import type { PropertyEditor } from '../shared/properties/types.ts';
import { TEXT, propertyEditor } from '../shared/properties/editor.ts';
import { typedInputSections } from '../shared/properties/text/index.tsx';

/** input_tel: the designer's property panel (common fields shown, then the type's own sections). */
export const inputTelProperties: PropertyEditor = propertyEditor(TEXT, typedInputSections);
