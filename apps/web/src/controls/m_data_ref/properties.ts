import type { PropertyEditor } from '../shared/properties/types.ts';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { dataRefSections } from '../shared/properties/picker/dataRef.tsx';

/** m_data_ref: the designer's property panel (common fields shown, then the type's own sections). */
export const mDataRefProperties: PropertyEditor = propertyEditor(FIELD, dataRefSections);
