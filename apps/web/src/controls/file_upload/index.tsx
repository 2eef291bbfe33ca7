import type { ControlWidget } from '../types.ts';
import { fileUploadWidget } from '../shared/FileUpload.tsx';

/** file_upload: 附件：上传进度、下载、预览、编辑、移除. Editor, Display and text; its designer panel is properties.ts beside it. */
export const fileUploadControl: ControlWidget = fileUploadWidget();
export const { Editor, Display } = fileUploadControl;
