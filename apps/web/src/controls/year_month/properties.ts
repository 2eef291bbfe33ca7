import type { PropertyEditor } from '../shared/properties/types.ts';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { dateSections } from '../shared/properties/date/index.tsx';

/** year_month: the designer's property panel (common fields shown, then the type's own sections). */
export const yearMonthProperties: PropertyEditor = propertyEditor(FIELD, dateSections);
