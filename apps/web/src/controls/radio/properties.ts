import type { PropertyEditor } from '../shared/properties/types.ts';
import { BARE, propertyEditor } from '../shared/properties/editor.ts';
import { choiceSections } from '../shared/properties/choice/index.tsx';

/** radio: the designer's property panel (common fields shown, then the type's own sections). */
export const radioProperties: PropertyEditor = propertyEditor(BARE, choiceSections);
