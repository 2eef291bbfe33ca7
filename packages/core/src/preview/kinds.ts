/**
 * Which files the browser previews and how (spec 001 §2.9, §9; spec 002 §8, §9). Shared by the
 * preview dialog and the server, which decides what a document page may save and convert.
 */

/** One renderer each; the web registers them in an exhaustive Record<PreviewKind, …>. */
export type PreviewKind =
  | 'pdf'
  | 'docx'
  | 'sheet'
  | 'image'
  | 'video'
  | 'audio'
  | 'code'
  | 'markdown'
  /** Converted to PDF on the server by LibreOffice, when it is installed. */
  | 'office';

/** Rendered in the browser, whatever the server has installed. */
export const BROWSER_PREVIEW: Readonly<Record<string, Exclude<PreviewKind, 'office'>>> = {
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'sheet',
  gif: 'image',
  jpg: 'image',
  jpeg: 'image',
  bmp: 'image',
  tiff: 'image',
  tif: 'image',
  png: 'image',
  svg: 'image',
  webp: 'image',
  mp4: 'video',
  m4v: 'video',
  webm: 'video',
  mp3: 'audio',
  wav: 'audio',
  ogg: 'audio',
  oga: 'audio',
  m4a: 'audio',
  txt: 'code',
  log: 'code',
  csv: 'code',
  json: 'code',
  js: 'code',
  jsx: 'code',
  ts: 'code',
  tsx: 'code',
  css: 'code',
  java: 'code',
  py: 'code',
  html: 'code',
  htm: 'code',
  xml: 'code',
  sql: 'code',
  yaml: 'code',
  yml: 'code',
  md: 'markdown',
};

/** Office formats LibreOffice turns into PDF. docx and xlsx also render in the browser without it. */
export const OFFICE_SUFFIXES: readonly string[] = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'];

/** Spec 001 §2.9: these are refused outright (the dialog does not open) when nothing can convert them. */
export const SLIDE_SUFFIXES: readonly string[] = ['ppt', 'pptx'];

/**
 * Text a document page may edit and save as a new version (issue 10 §3). Markup is edited as
 * text and still only ever served as text or as an attachment.
 */
export const EDITABLE_TEXT_SUFFIXES: readonly string[] = [
  'txt', 'log', 'md', 'json', 'csv', 'tsv', 'js', 'jsx', 'ts', 'tsx', 'css', 'java', 'py', 'html', 'htm',
  'xml', 'sql', 'yaml', 'yml', 'ini', 'conf', 'properties', 'sh', 'c', 'cpp', 'h', 'go', 'vue',
];

export const normaliseSuffix = (suffix: string | null | undefined): string =>
  String(suffix ?? '')
    .trim()
    .replace(/^\./, '')
    .toLowerCase();

/** The suffix of a file name, lower case, without the dot; '' when it has none. */
export function suffixOfName(name: string | null | undefined): string {
  const base = String(name ?? '').split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? normaliseSuffix(base.slice(dot + 1)) : '';
}

/**
 * How a file is previewed: in the browser when it can be, else as a server-converted PDF when
 * LibreOffice is installed (legacy doc/xls/ppt and pptx), else not at all (null).
 */
export function previewKindOf(suffix: string, officeConversion: boolean): PreviewKind | null {
  const s = normaliseSuffix(suffix);
  if (Object.hasOwn(BROWSER_PREVIEW, s)) return BROWSER_PREVIEW[s]!;
  if (officeConversion && OFFICE_SUFFIXES.includes(s)) return 'office';
  return null;
}

export const isEditableText = (suffix: string) => EDITABLE_TEXT_SUFFIXES.includes(normaliseSuffix(suffix));
export const isOfficeSuffix = (suffix: string) =>
  OFFICE_SUFFIXES.includes(normaliseSuffix(suffix)) || ['wps', 'et', 'dps'].includes(normaliseSuffix(suffix));

/** Spec 002 §8, verbatim. */
export const unsupportedPreviewMessage = (suffix: string) =>
  `不支持.${normaliseSuffix(suffix) || '未知'}格式的在线预览，请下载后预览或转换为支持的格式`;

export interface SupportedGroup {
  label: string;
  suffixes: string[];
}

/** The supported list shown with the refusal (spec 002 §9), with what the server adds when it can. */
export function supportedPreviewGroups(officeConversion: boolean): SupportedGroup[] {
  return [
    { label: '文档', suffixes: officeConversion ? ['pdf', 'doc', 'docx', 'ppt', 'pptx'] : ['pdf', 'docx'] },
    { label: '表格', suffixes: officeConversion ? ['xls', 'xlsx'] : ['xlsx'] },
    { label: '图片', suffixes: ['gif', 'jpg', 'jpeg', 'bmp', 'tiff', 'tif', 'png', 'svg', 'webp'] },
    { label: '视频', suffixes: ['mp4', 'webm'] },
    { label: '音频', suffixes: ['mp3', 'wav', 'ogg'] },
    {
      label: '文本与代码',
      suffixes: ['txt', 'json', 'js', 'css', 'java', 'py', 'html', 'jsx', 'ts', 'tsx', 'xml', 'md', 'log', 'csv', 'sql', 'yaml'],
    },
  ];
}

/** '文档：pdf、docx；表格：xlsx；…' — one line for notifications. */
export const supportedPreviewText = (officeConversion: boolean) =>
  supportedPreviewGroups(officeConversion)
    .map((g) => `${g.label}：${g.suffixes.join('、')}`)
    .join('；');
