import type { ControlType } from '@park/core';
import type { ControlUi } from '../types.ts';
import { signatureWidget } from './SignatureField.tsx';
import { BARE, propertyEditor } from '../common/properties/editor.ts';
import { fileUploadWidget } from './FileUpload.tsx';
import { uploadSections } from './properties.tsx';
import { imageUploadWidget } from './ImageUpload.tsx';

/**
 * The upload family's control types: each one's widget (Editor, Display, text) and its designer
 * property panel, gathered by ../registry.ts into CONTROL_UI. The family's widgets are in ./widgets
 * and its panel sections in ./properties; its DOM test cases are ./cases.tsx.
 */
export const UPLOAD_CONTROLS = {
  /** 签名：签名板对话框，png 以 image 字段上传 */
  signature: { widget: signatureWidget(), properties: propertyEditor(BARE) },
  /** 附件：上传进度、下载、预览、编辑、移除 */
  file_upload: { widget: fileUploadWidget(), properties: propertyEditor(BARE, uploadSections) },
  /** 图片：仅 jpg/png，数量与大小限制，预置图片，图片查看器 */
  image_upload: { widget: imageUploadWidget(), properties: propertyEditor(BARE, uploadSections) },
} satisfies Partial<Record<ControlType, ControlUi>>;
