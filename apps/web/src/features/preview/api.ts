import { useQuery } from '@tanstack/react-query';
import { BASE_PATH, type FileInfoReply } from '@park/core';
import { ApiError, get, upload } from '../../lib/http.ts';

/** The file service's addresses (DESIGN.md §5.1, docs/api.md). */
export const fileUrls = {
  download: (id: string, version?: number) =>
    `/api/file/download/${encodeURIComponent(id)}${version ? `?version=${version}` : ''}`,
  /** Inline for the kinds the server allows inline (pdf, images, media, text as text/plain). */
  inline: (id: string) => `/api/file/download/${encodeURIComponent(id)}?inline=1`,
  image: (id: string) => `/api/file/image/${encodeURIComponent(id)}`,
  officePdf: (id: string) => `/api/file/preview/${encodeURIComponent(id)}/pdf`,
  /** The app's own preview page (/preview/:fileId), for a link opened in a new tab: under the app's base path. */
  page: (id: string | number) => `${BASE_PATH}/preview/${encodeURIComponent(String(id))}`,
};

export interface PreviewFile {
  fileId: string;
  suffix: string;
  originalName: string;
  size?: number;
}

export const fileInfoQueryKey = (fileId: string) => ['file-info', fileId] as const;

export async function getFileInfo(fileId: string, signal?: AbortSignal): Promise<PreviewFile> {
  const r = await get<FileInfoReply>(`/api/file/info/${encodeURIComponent(fileId)}`, undefined, { signal, silent: true });
  return { fileId: String(r.fileId), suffix: r.suffix, originalName: r.originalName, size: r.size };
}

export function useFileInfo(fileId: string, enabled = true) {
  return useQuery({
    queryKey: fileInfoQueryKey(fileId),
    queryFn: ({ signal }) => getFileInfo(fileId, signal),
    enabled: enabled && fileId !== '',
    retry: false,
  });
}

interface CapabilityReply {
  officeConversion?: boolean;
}

/** Whether the server converts office files (LibreOffice installed); false when it cannot be asked. */
export const previewCapabilityQuery = {
  queryKey: ['file-preview-capability'],
  queryFn: async ({ signal }: { signal?: AbortSignal }) => {
    try {
      const r = await get<CapabilityReply>('/api/file/previewCapability', undefined, { signal, silent: true });
      return { officeConversion: r.officeConversion === true };
    } catch {
      return { officeConversion: false };
    }
  },
  staleTime: 5 * 60_000,
  retry: false,
} as const;

export function usePreviewCapability(enabled = true) {
  return useQuery({ ...previewCapabilityQuery, enabled });
}

export type OfficePreviewStatus = 'unavailable' | 'pending' | 'ready' | 'failed';

export async function getOfficePreview(fileId: string, signal?: AbortSignal) {
  return get<{ status: OfficePreviewStatus; errMsg?: string }>(
    `/api/file/preview/${encodeURIComponent(fileId)}`,
    undefined,
    { signal, silent: true },
  );
}

export interface FileVersion {
  version: number;
  size: number;
  createBy: string | null;
  createTime: string;
  current: boolean;
}

export interface VersionsReply {
  version: number;
  editable: boolean;
  datas: FileVersion[];
}

export const versionsQueryKey = (fileId: string) => ['file-versions', fileId] as const;

export function getVersions(fileId: string, signal?: AbortSignal) {
  return get<VersionsReply>(`/api/file/versions/${encodeURIComponent(fileId)}`, undefined, { signal });
}

/** Saves edited text as a new version of the file; the file keeps its id. */
export function saveVersion(file: PreviewFile, text: string, baseVersion: number) {
  const body = new FormData();
  body.append('version', String(baseVersion));
  body.append('file', new Blob([text], { type: 'text/plain;charset=utf-8' }), file.originalName);
  return upload<{ fileId: number; version: number }>(`/api/file/version/${encodeURIComponent(file.fileId)}`, body);
}

/** A file's bytes, for the renderers that parse them in the browser. */
export async function fetchFileBytes(url: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  const res = await fetch(url, {
    credentials: 'same-origin',
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    signal,
  });
  if (!res.ok) {
    let errMsg = '文件加载失败';
    try {
      const body = (await res.json()) as { errMsg?: unknown };
      if (typeof body.errMsg === 'string' && body.errMsg) errMsg = body.errMsg;
    } catch {
      /* not JSON */
    }
    throw new ApiError('http', errMsg, res.status);
  }
  return res.arrayBuffer();
}
