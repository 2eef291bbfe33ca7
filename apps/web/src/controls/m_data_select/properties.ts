import type { PropertyEditor } from '../shared/properties/types.ts';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { dataPickerSections } from '../shared/properties/picker/PickerSections.tsx';

/** m_data_select: the designer's property panel (common fields shown, then the type's own sections). */
export const mDataSelectProperties: PropertyEditor = propertyEditor(FIELD, dataPickerSections);
