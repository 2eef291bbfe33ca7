import type { ControlWidget } from '../types.ts';
import { fileUploadWidget } from '../shared/FileUpload.tsx';

/** file_upload: 附件：上传进度、下载、预览、编辑、移除. Editor, Display and text; the designer's ConfigPanel plugs in here (issue 9). */
export const fileUploadControl: ControlWidget = fileUploadWidget();
export const { Editor, Display } = fileUploadControl;
