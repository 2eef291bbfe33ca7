import type { ControlWidget } from '../types.ts';
import { imageUploadWidget } from '../shared/ImageUpload.tsx';
import { BARE, propertyEditor } from '../shared/properties/editor.ts';
import { uploadSections } from '../shared/properties/upload/index.tsx';

/** image_upload: 图片：仅 jpg/png，数量与大小限制，预置图片，图片查看器. Editor, Display, text and the designer's property panel. */
export const imageUploadControl: ControlWidget = { ...imageUploadWidget(), properties: propertyEditor(BARE, uploadSections) };
export const { Editor, Display } = imageUploadControl;
