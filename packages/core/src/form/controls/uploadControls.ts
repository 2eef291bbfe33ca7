import { designNumber, nameOf, optionsOf, scalarText } from '../lib/values.ts';
import { badShape, fileTooLarge, IMAGE_TYPE_ONLY, tooManyFiles, unknownFile } from '../messages.ts';
import type { FileMeta, FormContext, FormControl } from '../types.ts';
import { cell, defineControl, modelColumn, single, type ControlBehaviour } from './define.ts';
import { LIST_JOIN, noHint, queryByColumnType, sheetCodec } from './sheet.ts';

/* Files cannot travel in a workbook: an export names them, an import leaves them out. */
const uploadSheet = sheetCodec({
  exportText: (_c, raw, _row, ctx) => (raw === '' ? '' : raw.split(',').map((id) => ctx.fileNames.get(id.trim()) ?? id.trim()).join(LIST_JOIN)),
  readCell: null,
  hint: noHint,
});
const signatureSheet = sheetCodec({ exportText: (_c, raw) => (raw === '' ? '' : '已签名'), readCell: null, hint: noHint });

/** Our own download and image addresses; editors may hold these instead of bare ids. */
const OWN_FILE_URL = /\/(?:api\/file\/(?:image|download)|imageDownload|fileDownload)\/([^/?#]+)(?:[?#].*)?$/;
const EXTERNAL_URL = /^https?:\/\//i;
const FILE_ID = /^[A-Za-z0-9_.-]{1,128}$/;
const IMAGE_SUFFIXES = new Set(['jpg', 'jpeg', 'png']);
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);

/** A file id from an id or one of our file URLs; other URLs are returned unchanged. */
export function fileIdOf(item: string): string {
  return OWN_FILE_URL.exec(item.trim())?.[1] ?? item.trim();
}

/** Items of an upload value: an array while editing, comma-joined ids when stored. */
export function uploadItems(value: unknown): string[] | null {
  if (typeof value === 'string') return value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' || typeof v === 'number')) return null;
  return value.map((v) => String(v).trim()).filter((s) => s !== '');
}

function isImageControl(control: FormControl): boolean {
  return control.type === 'image_upload' || control.type === 'signature';
}

function presetItems(control: FormControl): Set<string> {
  return new Set((scalarText(optionsOf(control).presetImgs) || '').split(',').map((s) => fileIdOf(s)).filter(Boolean));
}

function checkType(meta: FileMeta): boolean {
  const suffix = meta.suffix?.replace(/^\./, '').toLowerCase();
  const type = meta.contentType?.split(';')[0]?.trim().toLowerCase();
  return (suffix === undefined || IMAGE_SUFFIXES.has(suffix)) && (type === undefined || IMAGE_TYPES.has(type));
}

function checkFile(item: string, control: FormControl, ctx: FormContext, presets: Set<string>): string | null {
  const name = nameOf(control);
  const id = fileIdOf(item);
  if (presets.has(id)) return null;
  // Image fields of the original also kept third-party image addresses.
  if (EXTERNAL_URL.test(id)) return control.type === 'image_upload' ? null : unknownFile(name);
  if (!FILE_ID.test(id)) return unknownFile(name);
  if (!ctx.fileInfo) return null;
  const meta = ctx.fileInfo(id);
  if (!meta) return unknownFile(name);
  if (isImageControl(control) && !checkType(meta)) return IMAGE_TYPE_ONLY;
  const maxMb = designNumber(optionsOf(control).maxFileSize);
  // The original allowed sizes strictly below maxFileSize.
  if (maxMb !== undefined && maxMb > 0 && meta.size !== undefined && meta.size / 1024 / 1024 >= maxMb) {
    return fileTooLarge(scalarText(optionsOf(control).maxFileSize));
  }
  return null;
}

function checkUploads(value: unknown, control: FormControl, ctx: FormContext): string | null {
  const items = uploadItems(value);
  if (items === null) return badShape(nameOf(control));
  const limit = control.type === 'signature' ? 1 : designNumber(optionsOf(control).length);
  if (limit !== undefined && limit > 0 && items.length > limit) return tooManyFiles(nameOf(control), limit);
  const presets = presetItems(control);
  for (const item of items) {
    const problem = checkFile(item, control, ctx, presets);
    if (problem) return problem;
  }
  return null;
}

function storeItems(value: unknown): string | null {
  const items = (uploadItems(value) ?? []).map(fileIdOf);
  return items.length > 0 ? items.join(',') : null;
}

/** file_upload and image_upload: a list of ids while editing, comma-joined ids when stored. */
export function uploadControl(): ControlBehaviour {
  return defineControl({
    family: 'upload',
    requiredVerb: 'upload',
    columns: (control) => modelColumn(control, 'text'),
    codec: {
      toStored: (value, control) => single(control, storeItems(value)),
      fromStored: (row, control) => uploadItems(cell(row, control.model ?? '') ?? '') ?? [],
    },
    sheet: uploadSheet,
    queryKind: queryByColumnType,
    check: checkUploads,
    defaultValue: () => [],
  });
}

/** The signature pad uploads one png and keeps its id. */
export function signatureControl(): ControlBehaviour {
  return defineControl({
    family: 'upload',
    requiredVerb: 'upload',
    columns: (control) => modelColumn(control, 'text'),
    codec: {
      toStored: (value, control) => single(control, storeItems(value)),
      fromStored: (row, control) => cell(row, control.model ?? '') ?? '',
    },
    sheet: signatureSheet,
    queryKind: queryByColumnType,
    check: checkUploads,
    defaultValue: () => '',
  });
}
