import { traitsOf, uploadItems, type ControlType, type FormControl } from '@park/core';
import type { ControlText } from '../types.ts';

const count = (value: unknown) => (uploadItems(value) ?? []).length;

export function uploadText(value: unknown, control: FormControl): string {
  const n = count(value);
  if (n === 0) return '';
  return traitsOf(control).upload === 'file' ? `${n}个文件` : `${n}张图片`;
}

export function signatureText(value: unknown): string {
  return count(value) > 0 ? '已签名' : '';
}

export const UPLOAD_TEXTS = {
  image_upload: uploadText,
  file_upload: uploadText,
  signature: signatureText,
} satisfies Partial<Record<ControlType, ControlText>>;
