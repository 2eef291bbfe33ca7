import { AppError } from '../../plugins/errors.ts';
import { FILE_TYPES, FORM_IMAGE_KINDS, SUFFIX_OF_KIND, type FileType } from './fileTypes.ts';
import { extensionOf } from './names.ts';
import type { Received } from './receive.ts';
import { sniff, type FileKind } from './sniff.ts';
import { officeKindOf, zipEntryNames } from './zipPeek.ts';

const unsupported = (msg: string) => new AppError(415, msg);
export const IMAGE_ONLY_MESSAGE = '只能上传 jpg/png 格式的图片';

export interface CheckedType {
  /** Display name, with the suffix appended when the upload had none. */
  originalName: string;
  suffix: string;
  mime: string;
  kind: FileKind;
  type: FileType;
}

/** The kind of a received file: its magic bytes, and for zips the names of their parts. */
export async function kindOf(received: Received): Promise<FileKind | null> {
  const kind = sniff(received.head);
  if (kind !== 'zip') return kind;
  return officeKindOf(await zipEntryNames(received.tempPath, received.size));
}

/**
 * Decides whether an upload is acceptable: its extension must be on the allowlist and agree with
 * what its bytes are. A name without an extension takes the one its content implies, so the
 * signature pad's bare 'blob' becomes 'blob.png'.
 */
export async function checkType(received: Received, name: string, imagesOnly: boolean): Promise<CheckedType> {
  const kind = await kindOf(received);
  let suffix = extensionOf(name);
  let originalName = name;
  if (!suffix) {
    suffix = (kind && SUFFIX_OF_KIND[kind]) ?? '';
    if (!suffix) throw unsupported('无法识别文件类型，请使用带扩展名的文件名');
    originalName = `${name}.${suffix}`;
  }
  const type = Object.hasOwn(FILE_TYPES, suffix) ? FILE_TYPES[suffix] : undefined;
  if (imagesOnly && (!kind || !FORM_IMAGE_KINDS.includes(kind) || type?.show !== 'image')) {
    throw unsupported(IMAGE_ONLY_MESSAGE);
  }
  if (!type) throw unsupported(`不支持的文件类型：.${suffix}`);
  if (!kind || !type.kinds.includes(kind)) throw unsupported('文件类型与扩展名不符');
  return { originalName, suffix, mime: type.mime, kind, type };
}
