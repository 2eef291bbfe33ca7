import { fileIdOf, fileTooLarge, IMAGE_TYPE_ONLY, uploadExceed, type FormControl } from '@park/core';
import { upload } from '../../lib/http.ts';
import { num, optionsOf, textOf } from '../common/values.ts';

export interface UploadedFile {
  fileId: string;
  originalName: string;
}

const UPLOAD_PATH = '/api/file/upload';
const EXTERNAL = /^https?:\/\//i;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);
const IMAGE_SUFFIX = /\.(jpe?g|png)$/i;

export const imageUrl = (fileId: string) => `/api/file/image/${encodeURIComponent(fileId)}`;
export const downloadUrl = (fileId: string) => `/api/file/download/${encodeURIComponent(fileId)}`;

/**
 * Photos this page sent, by file id, as local object URLs. The thumbnail of one's own photo shows
 * the bytes already on the phone instead of fetching them back — which 免登录填报 could not at all
 * (an anonymous visitor's file is readable only through the saved record, ADR 0061).
 */
const sentImages = new Map<string, string>();

export function rememberSentImage(fileId: string, file: Blob): void {
  if (typeof URL.createObjectURL === 'function') sentImages.set(fileId, URL.createObjectURL(file));
}

/** An image item of a value: a photo sent from this page its local copy; our file id or one of our URLs our address; other URLs stay. */
export function imageSrc(item: string): string {
  const id = fileIdOf(item);
  if (EXTERNAL.test(id)) return id;
  return sentImages.get(id) ?? imageUrl(id);
}

export function maxFileSizeOf(control: FormControl): number | undefined {
  const max = num(optionsOf(control).maxFileSize);
  return max !== undefined && max > 0 ? max : undefined;
}

export function fileLimitOf(control: FormControl): number | undefined {
  const limit = num(optionsOf(control).length);
  return limit !== undefined && limit > 0 ? Math.floor(limit) : undefined;
}

export function isImageFile(file: { type: string; name: string }): boolean {
  return IMAGE_TYPES.has(file.type) || (file.type === '' && IMAGE_SUFFIX.test(file.name));
}

/** The desktop's checks before sending (spec 001 §5.6), with its messages; null when it may go. */
export function checkBeforeUpload(control: FormControl, file: { type: string; name: string; size: number }, batch: number, already: number, images: boolean): string | null {
  const limit = fileLimitOf(control);
  if (limit !== undefined && already + batch > limit) return uploadExceed(limit, batch, already);
  if (images && !isImageFile(file)) return IMAGE_TYPE_ONLY;
  const max = maxFileSizeOf(control);
  if (max !== undefined && file.size / 1024 / 1024 >= max) return fileTooLarge(textOf(optionsOf(control).maxFileSize) || max);
  return null;
}

/** 免登录填报's upload (issue 39): the entry's token and the page's live challenge, set by the QR page. */
const ANONYMOUS_ACTION = /^\/apc\/qr\/upload\/[A-Za-z0-9._-]+\?challengeId=[0-9a-f]{32}$/;

/** The field's configured upload path when it is one of ours, else the default. */
function actionOf(control: FormControl | null): string {
  const action = control ? optionsOf(control).action : undefined;
  if (typeof action !== 'string') return UPLOAD_PATH;
  return /^\/api\/[A-Za-z0-9/_-]+$/.test(action) || ANONYMOUS_ACTION.test(action) ? action : UPLOAD_PATH;
}

/** The file upload call (spec 000 §7): multipart, the size cap and image-only flag passed for the server. */
export async function uploadFile(file: Blob, name: string, control: FormControl | null, opts: { field?: 'file' | 'image'; image?: boolean } = {}): Promise<UploadedFile> {
  const body = new FormData();
  body.append(opts.field ?? 'file', file, name);
  const query = new URLSearchParams();
  const max = control ? maxFileSizeOf(control) : undefined;
  if (max !== undefined) query.set('maxFileSize', String(max));
  if (opts.image) query.set('accept', 'image');
  const qs = query.toString();
  const action = actionOf(control);
  const reply = await upload<{ datas?: Array<{ fileId?: unknown; originalName?: unknown }> }>(`${action}${qs ? `${action.includes('?') ? '&' : '?'}${qs}` : ''}`, body);
  const first = Array.isArray(reply.datas) ? reply.datas[0] : undefined;
  const fileId = first?.fileId;
  if (fileId === undefined || fileId === null || fileId === '') throw new Error('上传失败');
  return { fileId: String(fileId), originalName: typeof first?.originalName === 'string' ? first.originalName : name };
}
