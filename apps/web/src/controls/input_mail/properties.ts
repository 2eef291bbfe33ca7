import type { PropertyEditor } from '../shared/properties/types.ts';
import { TEXT, propertyEditor } from '../shared/properties/editor.ts';
import { typedInputSections } from '../shared/properties/text/index.tsx';

/** input_mail: the designer's property panel (common fields shown, then the type's own sections). */
export const inputMailProperties: PropertyEditor = propertyEditor(TEXT, typedInputSections);
