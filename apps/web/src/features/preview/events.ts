/**
 * The app-wide "open file preview" event (spec 001 §2.9). Upload controls and list pages dispatch
 * it on window; the dialog mounted in the shell handles it and calls preventDefault, so a
 * dispatcher can tell whether anyone listened (controls/common/files.ts falls back to a new tab).
 */
export const OPEN_FILE_PREVIEW = 'open-file-preview';

export interface PreviewFileRef {
  fileId: string | number;
  /** Without it the name's suffix is used, and failing that the server's file info. */
  suffix?: string;
  originalName?: string;
}

export interface OpenFilePreviewDetail extends PreviewFileRef {
  /**
   * The other files of the same field, in order. The image viewer pages through the images
   * among them (previous / next, spec 001 §2.10).
   */
  files?: PreviewFileRef[];
}

/** Spec 000 §5, spec 001 §8. */
export const MSG_PREVIEW_NO_FILE = '预览失败,未上传任何文件';
export const MSG_EDIT_NO_FILE = '编辑失败,未上传任何文件';
