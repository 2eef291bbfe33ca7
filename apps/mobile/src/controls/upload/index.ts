import type { ControlType } from '@park/core';
import type { MobileControl } from '../types.ts';
import { fileUploadWidget, imageUploadWidget, signatureWidget } from './widgets.tsx';

/** The upload family on the phone: photos from the camera (made smaller first), files, a finger-drawn signature. */
export const UPLOAD_CONTROLS = {
  image_upload: imageUploadWidget(),
  file_upload: fileUploadWidget(),
  signature: signatureWidget(),
} satisfies Partial<Record<ControlType, MobileControl>>;
