import type { PropertyEditor } from '../shared/properties/types.ts';
import { BARE, propertyEditor } from '../shared/properties/editor.ts';
import { switchSections } from '../shared/properties/switch/index.tsx';

/** switch: the designer's property panel (common fields shown, then the type's own sections). */
export const switchProperties: PropertyEditor = propertyEditor(BARE, switchSections);
