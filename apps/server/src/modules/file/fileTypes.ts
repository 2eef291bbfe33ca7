import type { FileKind } from './sniff.ts';

/**
 * How a stored file may be shown:
 * - image: inline on /image and, with ?inline=1, on /download;
 * - media, pdf: inline with ?inline=1 (the preview dialog, spec 001 §9);
 * - text: inline only as text/plain, so markup is never rendered;
 * - attachment: never inline. SVG, HTML and XML can carry script, so they are always downloads.
 */
export type Disposition = 'image' | 'media' | 'pdf' | 'text' | 'attachment';

export interface FileType {
  mime: string;
  /** The sniffed kinds this extension may carry. */
  kinds: readonly FileKind[];
  show: Disposition;
}

const t = (mime: string, kinds: FileKind[], show: Disposition): FileType => ({ mime, kinds, show });
const ZIPS: FileKind[] = ['zip', 'docx', 'xlsx', 'pptx'];
/* Plain data formats: markup at the top of one of these is a disguise, never a real file. */
const plain = (mime: string) => t(mime, ['text'], 'text');
/* Notes and code may well begin with a tag (Markdown with HTML, Vue); they are only ever shown as text. */
const code = (mime = 'text/plain') => t(mime, ['text', 'html', 'xml', 'svg'], 'text');

/** The allowlist: an extension not named here is refused whatever its content. */
export const FILE_TYPES: Readonly<Record<string, FileType>> = {
  jpg: t('image/jpeg', ['jpeg'], 'image'),
  jpeg: t('image/jpeg', ['jpeg'], 'image'),
  png: t('image/png', ['png'], 'image'),
  gif: t('image/gif', ['gif'], 'image'),
  bmp: t('image/bmp', ['bmp'], 'image'),
  tif: t('image/tiff', ['tiff'], 'image'),
  tiff: t('image/tiff', ['tiff'], 'image'),
  webp: t('image/webp', ['webp'], 'image'),
  svg: t('image/svg+xml', ['svg'], 'attachment'),

  pdf: t('application/pdf', ['pdf'], 'pdf'),
  docx: t('application/vnd.openxmlformats-officedocument.wordprocessingml.document', ['docx'], 'attachment'),
  xlsx: t('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ['xlsx'], 'attachment'),
  pptx: t(
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ['pptx'],
    'attachment',
  ),
  doc: t('application/msword', ['ole'], 'attachment'),
  xls: t('application/vnd.ms-excel', ['ole'], 'attachment'),
  ppt: t('application/vnd.ms-powerpoint', ['ole'], 'attachment'),
  // WPS Office, common in Chinese offices; its legacy formats are OLE files like Microsoft's.
  wps: t('application/vnd.ms-works', ['ole'], 'attachment'),
  et: t('application/vnd.ms-excel', ['ole'], 'attachment'),
  dps: t('application/vnd.ms-powerpoint', ['ole'], 'attachment'),
  // OFD, the Chinese fixed-layout format of electronic invoices, is a zip.
  ofd: t('application/ofd', ZIPS, 'attachment'),
  zip: t('application/zip', ZIPS, 'attachment'),
  rar: t('application/vnd.rar', ['rar'], 'attachment'),
  '7z': t('application/x-7z-compressed', ['7z'], 'attachment'),

  mp4: t('video/mp4', ['mp4'], 'media'),
  m4v: t('video/mp4', ['mp4'], 'media'),
  mov: t('video/quicktime', ['mp4'], 'media'),
  m4a: t('audio/mp4', ['mp4'], 'media'),
  webm: t('video/webm', ['ebml'], 'media'),
  mkv: t('video/x-matroska', ['ebml'], 'attachment'),
  avi: t('video/x-msvideo', ['avi'], 'attachment'),
  mp3: t('audio/mpeg', ['mp3'], 'media'),
  wav: t('audio/wav', ['wav'], 'media'),
  ogg: t('audio/ogg', ['ogg'], 'media'),
  oga: t('audio/ogg', ['ogg'], 'media'),
  ogv: t('video/ogg', ['ogg'], 'media'),
  flac: t('audio/flac', ['flac'], 'media'),

  txt: plain('text/plain'),
  csv: plain('text/csv'),
  tsv: plain('text/tab-separated-values'),
  json: plain('application/json'),
  log: plain('text/plain'),
  md: code('text/markdown'),
  yaml: code(),
  yml: code(),
  ini: code(),
  conf: code(),
  properties: code(),
  sql: code(),
  js: code(),
  jsx: code(),
  ts: code(),
  tsx: code(),
  java: code(),
  py: code(),
  c: code(),
  cpp: code(),
  h: code(),
  go: code(),
  sh: code(),
  css: code(),
  vue: code(),
  xml: t('application/xml', ['xml', 'text', 'svg'], 'attachment'),
  html: t('text/html', ['html', 'text', 'xml'], 'attachment'),
  htm: t('text/html', ['html', 'text', 'xml'], 'attachment'),
};

/**
 * The suffix given to a file uploaded without one (the signature pad sends a bare 'blob').
 * OLE files are missing: doc, xls and ppt cannot be told apart by their first bytes.
 */
// prettier-ignore
export const SUFFIX_OF_KIND: Readonly<Partial<Record<FileKind, string>>> = {
  jpeg: 'jpg', png: 'png', gif: 'gif', bmp: 'bmp', tiff: 'tiff', webp: 'webp', pdf: 'pdf',
  zip: 'zip', docx: 'docx', xlsx: 'xlsx', pptx: 'pptx', rar: 'rar', '7z': '7z',
  mp4: 'mp4', ebml: 'webm', mp3: 'mp3', wav: 'wav', avi: 'avi', ogg: 'ogg', flac: 'flac',
  svg: 'svg', html: 'html', xml: 'xml', text: 'txt',
};

/** Images a form's image field accepts (spec 000 §5: jpeg and png only). */
export const FORM_IMAGE_KINDS: readonly FileKind[] = ['jpeg', 'png'];
