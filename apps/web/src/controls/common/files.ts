import { fileIdOf, type FormControl } from '@park/core';
import { get, upload, type UploadOptions } from '../../lib/http.ts';
import { num, optionsOf } from './values.ts';

export interface UploadedFile {
  fileId: string;
  originalName: string;
  suffix: string;
}

export interface FileInfo extends UploadedFile {
  size?: number;
}

interface UploadReply {
  datas?: Array<{ fileId?: unknown; originalName?: unknown; suffix?: unknown }>;
}

const UPLOAD_PATH = '/api/file/upload';
const EXTERNAL = /^https?:\/\//i;

export const imageUrl = (fileId: string) => `/api/file/image/${encodeURIComponent(fileId)}`;
export const downloadUrl = (fileId: string, inline = false) =>
  `/api/file/download/${encodeURIComponent(fileId)}${inline ? '?inline=1' : ''}`;

/** An image item of a value: our file id or one of our URLs gets our address; other URLs stay. */
export function imageSrc(item: string): string {
  const id = fileIdOf(item);
  return EXTERNAL.test(id) ? id : imageUrl(id);
}

/** The field's configured upload path when it is one of ours, else the default. */
function actionOf(control: FormControl | null): string {
  const action = control ? optionsOf(control).action : undefined;
  return typeof action === 'string' && /^\/api\/[A-Za-z0-9/_-]+$/.test(action) ? action : UPLOAD_PATH;
}

export function maxFileSizeOf(control: FormControl): number | undefined {
  const max = num(optionsOf(control).maxFileSize);
  return max !== undefined && max > 0 ? max : undefined;
}

export function fileLimitOf(control: FormControl): number | undefined {
  const limit = num(optionsOf(control).length);
  return limit !== undefined && limit > 0 ? Math.floor(limit) : undefined;
}

/**
 * Uploads one file (spec 000 §7): multipart to the field's action path, the size limit and the
 * image-only flag passed along for the server to enforce as well. The signature pad sends its
 * png as the field `image`.
 */
export async function uploadFile(
  file: Blob,
  name: string,
  opts: { control: FormControl | null; field?: 'file' | 'image'; image?: boolean } & Pick<
    UploadOptions,
    'onProgress' | 'signal'
  >,
): Promise<UploadedFile> {
  const body = new FormData();
  body.append(opts.field ?? 'file', file, name);
  const query = new URLSearchParams();
  const max = opts.control ? maxFileSizeOf(opts.control) : undefined;
  if (max !== undefined) query.set('maxFileSize', String(max));
  if (opts.image) query.set('accept', 'image');
  const qs = query.toString();
  const reply = await upload<UploadReply>(`${actionOf(opts.control)}${qs ? `?${qs}` : ''}`, body, {
    onProgress: opts.onProgress,
    signal: opts.signal,
  });
  const first = Array.isArray(reply.datas) ? reply.datas[0] : undefined;
  const fileId = first?.fileId;
  if (fileId === undefined || fileId === null || fileId === '') throw new Error('上传失败');
  return {
    fileId: String(fileId),
    originalName: typeof first?.originalName === 'string' ? first.originalName : name,
    suffix: typeof first?.suffix === 'string' ? first.suffix : (name.split('.').pop() ?? ''),
  };
}

interface InfoReply {
  fileId?: unknown;
  originalName?: unknown;
  suffix?: unknown;
  size?: unknown;
}

export async function fileInfo(fileId: string, signal?: AbortSignal): Promise<FileInfo> {
  const reply = await get<InfoReply>(`/api/file/info/${encodeURIComponent(fileId)}`, undefined, {
    signal,
    silent: true,
  });
  return {
    fileId: String(reply.fileId ?? fileId),
    originalName: typeof reply.originalName === 'string' ? reply.originalName : fileId,
    suffix: typeof reply.suffix === 'string' ? reply.suffix : '',
    size: typeof reply.size === 'number' ? reply.size : undefined,
  };
}

export const fileInfoKey = (fileId: string) => ['file-info', fileId] as const;

/** The app-wide preview dialog listens for this (spec 001 §2.9). */
export const OPEN_FILE_PREVIEW = 'open-file-preview';

export interface PreviewFile {
  fileId: string;
  suffix: string;
  originalName: string;
  /** The other files of the same field, so the viewer can page through them. */
  files?: Array<{ fileId: string; suffix?: string; originalName?: string }>;
}

const INLINE_SUFFIXES = new Set(['pdf', 'png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp']);

/**
 * Asks the file preview dialog to open. A listener that handles the event calls preventDefault;
 * while no dialog listens, pdf and images open in a new tab and anything else is downloaded.
 */
export function openFilePreview(file: PreviewFile): void {
  const event = new CustomEvent<PreviewFile>(OPEN_FILE_PREVIEW, { detail: file, cancelable: true });
  const unhandled = window.dispatchEvent(event);
  if (!unhandled) return;
  const suffix = file.suffix.replace(/^\./, '').toLowerCase();
  const url = INLINE_SUFFIXES.has(suffix) ? downloadUrl(file.fileId, true) : downloadUrl(file.fileId);
  window.open(url, '_blank', 'noopener');
}

export function downloadFile(fileId: string): void {
  const a = document.createElement('a');
  a.href = downloadUrl(fileId);
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** The online document page (issue 10) in read or write mode. */
export function openDocumentEditor(fileId: string, mode: 'read' | 'write'): void {
  const params = new URLSearchParams({ _w_fileId: fileId, _w_type: mode });
  window.open(`/closed-park-web/static/wps.html?${params.toString()}`, '_blank', 'noopener');
}

export function formatSize(bytes: number | undefined): string {
  if (bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
