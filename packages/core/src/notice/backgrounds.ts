/*
 * 公告 background images (issue 38; the original's BackgroundSelected): a few built-in images
 * shipped with the web client (apps/web/public/notice-bg/, served beside the mobile client too),
 * one of them the default, or an uploaded jpg/png. Shared so the browser and the server accept
 * the same keys and kinds of file.
 */

export interface NoticeBackground {
  key: string;
  label: string;
}

/** Built-in images; the key names the file `notice-bg/<key>.svg` under the app's base path. */
export const NOTICE_BACKGROUNDS: readonly NoticeBackground[] = [
  { key: 'default', label: '默认' },
  { key: 'safety', label: '安全绿' },
  { key: 'alert', label: '警示红' },
  { key: 'plain', label: '纯白' },
];

export const NOTICE_DEFAULT_BACKGROUND = 'default';

/** Uploaded backgrounds: the original's "只能上传jpg/png文件"; the server reads the stored suffix, set from the content. */
export const NOTICE_BACKGROUND_SUFFIXES: readonly string[] = ['jpg', 'jpeg', 'png'];

export const NOTICE_BACKGROUND_TEXT = {
  unknown: '背景图片不存在',
  notImage: '背景图片只能是jpg/png图片',
  both: '只能选择一张背景图片',
} as const;

export const isNoticeBackgroundKey = (v: unknown): v is string => typeof v === 'string' && NOTICE_BACKGROUNDS.some((b) => b.key === v);

/** The address of a built-in image under the app's base path (web and mobile share the web's copy). */
export const noticeBackgroundAsset = (basePath: string, key: string): string => `${basePath}/notice-bg/${isNoticeBackgroundKey(key) ? key : NOTICE_DEFAULT_BACKGROUND}.svg`;

/** The image behind a notice as readers get it: the uploaded file, else the built-in (the default when none). */
export const noticeBackgroundUrl = (basePath: string, n: { backgroundKey?: string | null; backgroundFileId?: string | number | null }): string =>
  n.backgroundFileId ? `/api/file/image/${encodeURIComponent(String(n.backgroundFileId))}` : noticeBackgroundAsset(basePath, n.backgroundKey ?? NOTICE_DEFAULT_BACKGROUND);
