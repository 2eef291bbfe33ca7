import type { PropertyEditor } from '../shared/properties/types.ts';
import { SUB_TABLE, propertyEditor } from '../shared/properties/editor.ts';
import { tableSections } from '../shared/properties/table/index.tsx';

/** flow_table: the designer's property panel (common fields shown, then the type's own sections). */
export const flowTableProperties: PropertyEditor = propertyEditor(SUB_TABLE, tableSections);
