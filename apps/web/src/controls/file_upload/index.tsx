import type { ControlWidget } from '../types.ts';
import { fileUploadWidget } from '../shared/FileUpload.tsx';
import { BARE, propertyEditor } from '../shared/properties/editor.ts';
import { uploadSections } from '../shared/properties/upload/index.tsx';

/** file_upload: 附件：上传进度、下载、预览、编辑、移除. Editor, Display, text and the designer's property panel. */
export const fileUploadControl: ControlWidget = { ...fileUploadWidget(), properties: propertyEditor(BARE, uploadSections) };
export const { Editor, Display } = fileUploadControl;
