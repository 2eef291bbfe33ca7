import type { ApiOk } from './types.ts';

/** One uploaded file as the upload call lists it (spec 000 §3 "File info"). */
export interface UploadedFile {
  /** The id stored by file_upload and image_upload fields (comma-joined for several). */
  fileId: number;
  originalName: string;
  suffix: string;
}

/** POST /api/file/upload (multipart, field `file`, or `image` from the signature pad). */
export interface UploadReply extends ApiOk {
  datas: UploadedFile[];
}

/** GET /api/file/info/{fileId}: the fields sit at the top level, where the spec's client reads them. */
export interface FileInfoReply extends ApiOk, UploadedFile {
  size: number;
  mime: string;
  /** yyyy-MM-dd HH:mm:ss */
  createTime: string;
}
