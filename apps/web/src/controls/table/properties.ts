import type { PropertyEditor } from '../shared/properties/types.ts';
import { SUB_TABLE, propertyEditor } from '../shared/properties/editor.ts';
import { tableSections } from '../shared/properties/table/index.tsx';

/** table: the designer's property panel (common fields shown, then the type's own sections). */
export const tableProperties: PropertyEditor = propertyEditor(SUB_TABLE, tableSections);
