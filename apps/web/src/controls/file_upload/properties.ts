import type { PropertyEditor } from '../shared/properties/types.ts';
import { BARE, propertyEditor } from '../shared/properties/editor.ts';
import { uploadSections } from '../shared/properties/upload/index.tsx';

/** file_upload: the designer's property panel (common fields shown, then the type's own sections). */
export const fileUploadProperties: PropertyEditor = propertyEditor(BARE, uploadSections);
