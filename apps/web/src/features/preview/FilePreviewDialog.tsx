import { useCallback, useEffect, useState } from 'react';
import { App, Button, Modal } from 'antd';
import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  BASE_PATH,
  normaliseSuffix,
  SLIDE_SUFFIXES,
  suffixOfName,
  supportedPreviewText,
  unsupportedPreviewMessage,
} from '@park/core';
import { errorMessage } from '../../lib/http.ts';
import { fileInfoQueryKey, fileUrls, getFileInfo, previewCapabilityQuery, type PreviewFile } from './api.ts';
import { MSG_PREVIEW_NO_FILE, OPEN_FILE_PREVIEW, type OpenFilePreviewDetail, type PreviewFileRef } from './events.ts';
import { FilePreview } from './FilePreview.tsx';
import './preview.css';

interface Shown {
  file: PreviewFile;
  siblings: PreviewFile[];
}

const refToFile = (ref: PreviewFileRef): PreviewFile => ({
  fileId: String(ref.fileId),
  suffix: normaliseSuffix(ref.suffix) || suffixOfName(ref.originalName),
  originalName: ref.originalName ?? '',
});

/**
 * The file preview dialog (spec 001 §2.9): full screen, titled with the file's original name,
 * opened by the app-wide event. ppt/pptx without the server's converter never open it: the
 * refusal and the supported formats are shown as a notification instead.
 */
export function FilePreviewDialog() {
  const { message, notification } = App.useApp();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<Shown | null>(null);

  const open = useCallback(
    async (detail: OpenFilePreviewDetail | null | undefined) => {
      if (!detail || detail.fileId === undefined || detail.fileId === null || String(detail.fileId) === '') {
        void message.error(MSG_PREVIEW_NO_FILE);
        return;
      }
      let file = refToFile(detail);
      if (!file.suffix || !file.originalName) {
        try {
          const info = await queryClient.fetchQuery({
            queryKey: fileInfoQueryKey(file.fileId),
            queryFn: ({ signal }) => getFileInfo(file.fileId, signal),
          });
          file = { ...info, originalName: file.originalName || info.originalName, suffix: file.suffix || info.suffix };
        } catch (err) {
          void message.error(errorMessage(err, '文件信息加载失败'));
          return;
        }
      }
      if (SLIDE_SUFFIXES.includes(file.suffix)) {
        const { officeConversion } = await queryClient.fetchQuery(previewCapabilityQuery);
        if (!officeConversion) {
          notification.warning({
            key: `preview-refused:${file.fileId}`,
            title: unsupportedPreviewMessage(file.suffix),
            description: `支持在线预览的格式：${supportedPreviewText(false)}`,
            duration: 8,
          });
          return;
        }
      }
      const siblings = (detail.files ?? []).map(refToFile).filter((f) => f.fileId !== '');
      setShown({ file, siblings });
    },
    [message, notification, queryClient],
  );

  useEffect(() => {
    const onOpen = (event: Event) => {
      // Tells the dispatcher the event was handled (controls/common/files.ts opens a tab otherwise).
      event.preventDefault();
      void open((event as CustomEvent<OpenFilePreviewDetail>).detail);
    };
    window.addEventListener(OPEN_FILE_PREVIEW, onOpen);
    return () => window.removeEventListener(OPEN_FILE_PREVIEW, onOpen);
  }, [open]);

  const file = shown?.file;
  return (
    <Modal
      open={shown !== null}
      onCancel={() => setShown(null)}
      footer={null}
      width="100%"
      className="file-preview-modal"
      destroyOnHidden
      keyboard
      title={
        file && (
          <div className="file-preview-title">
            <span className="file-preview-name" data-testid="file-preview-title" title={file.originalName}>
              {file.originalName}
            </span>
            <Button size="small" icon={<DownloadOutlined />} href={fileUrls.download(file.fileId)}>
              下载
            </Button>
            <Button
              size="small"
              icon={<ExportOutlined />}
              href={`${BASE_PATH}/preview/${encodeURIComponent(file.fileId)}`}
              target="_blank"
              rel="noopener"
            >
              新窗口打开
            </Button>
          </div>
        )
      }
    >
      {shown && (
        <FilePreview
          file={shown.file}
          siblings={shown.siblings}
          onSelect={(next) => setShown((s) => (s ? { ...s, file: next } : s))}
        />
      )}
    </Modal>
  );
}
