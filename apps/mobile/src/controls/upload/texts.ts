import { signatureText, uploadText, type ControlType } from '@park/core';
import type { ControlText } from '../types.ts';

export const UPLOAD_TEXTS = {
  image_upload: uploadText,
  file_upload: uploadText,
  signature: signatureText,
} satisfies Partial<Record<ControlType, ControlText>>;
