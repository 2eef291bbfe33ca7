import type { ControlWidget } from '../types.ts';
import { imageUploadWidget } from '../shared/ImageUpload.tsx';

/** image_upload: 图片：仅 jpg/png，数量与大小限制，预置图片，图片查看器. Editor, Display and text; its designer panel is properties.ts beside it. */
export const imageUploadControl: ControlWidget = imageUploadWidget();
export const { Editor, Display } = imageUploadControl;
