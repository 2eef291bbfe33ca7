import { useQuery } from '@tanstack/react-query';
import { fetchFileBytes, fileUrls } from './api.ts';
import { decodeText, type DecodedText } from './textDecode.ts';

/** Beyond this a text file is offered for download rather than loaded into the editor. */
export const MAX_TEXT_BYTES = 20 * 1024 * 1024;

export const fileTextQueryKey = (fileId: string) => ['file-text', fileId] as const;

export class TooLargeText extends Error {}

/** A text file's content, decoded (UTF-8, UTF-16 or GBK). */
export function useFileText(fileId: string, size?: number) {
  return useQuery<DecodedText>({
    queryKey: fileTextQueryKey(fileId),
    queryFn: async ({ signal }) => {
      if (size !== undefined && size > MAX_TEXT_BYTES) throw new TooLargeText('文件过大，请下载后查看');
      return decodeText(await fetchFileBytes(fileUrls.download(fileId), signal));
    },
    retry: false,
    gcTime: 60_000,
  });
}
