import { useState, type ReactNode } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { Button, Result, Space, Spin } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { BackButton } from '../../lib/BackButton.tsx';
import { errorMessage } from '../../lib/http.ts';
import { fileUrls, useFileInfo, type PreviewFile } from './api.ts';
import { FilePreview } from './FilePreview.tsx';
import { MSG_EDIT_NO_FILE, MSG_PREVIEW_NO_FILE } from './events.ts';
import './preview.css';

/** The full-window frame of the preview and document pages: the file name and its actions on top. */
export function FilePage({ file, tag, actions, children }: { file: PreviewFile; tag?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="file-page" data-testid="file-page">
      <header className="file-page-header">
        <span className="file-page-name" data-testid="file-page-title" title={file.originalName}>
          {file.originalName}
        </span>
        {tag}
        <Space className="file-page-actions" size={8}>
          {actions}
          <Button icon={<DownloadOutlined />} href={fileUrls.download(file.fileId)}>
            下载
          </Button>
          <BackButton fallback="/" />
        </Space>
      </header>
      <main className="file-page-body">{children}</main>
    </div>
  );
}

export function useLoadedFile(fileId: string): { file?: PreviewFile; fallback: ReactNode } {
  const info = useFileInfo(fileId);
  if (info.data) return { file: info.data, fallback: null };
  if (info.isError) {
    return {
      fallback: <Result status="404" title={errorMessage(info.error, '文件不存在或已被删除')} className="file-page-result" />,
    };
  }
  return {
    fallback: (
      <div className="boot-spin">
        <Spin />
      </div>
    ),
  };
}

/** /preview/:fileId — the page of record for a file's preview (DESIGN.md §6.1). */
export function PreviewPage() {
  const fileId = useParams().fileId ?? '';
  const { file, fallback } = useLoadedFile(fileId);
  const [shown, setShown] = useState<PreviewFile | null>(null);
  if (!fileId) return <Result status="warning" title={MSG_PREVIEW_NO_FILE} />;
  if (!file) return fallback;
  const current = shown ?? file;
  return (
    <FilePage file={current}>
      <FilePreview file={current} onSelect={setShown} />
    </FilePage>
  );
}

/**
 * /static/wps.html?_w_fileId=…&_w_type=read|write — the online document page's address in the
 * original client (spec 001 §7); it leads to the app's own document page.
 */
export function WpsRedirect() {
  const [params] = useSearchParams();
  const fileId = params.get('_w_fileId') ?? '';
  const mode = params.get('_w_type') === 'write' ? 'write' : 'read';
  if (!/^\d+$/.test(fileId)) {
    return <Result status="warning" title={mode === 'write' ? MSG_EDIT_NO_FILE : MSG_PREVIEW_NO_FILE} />;
  }
  return <Navigate to={`/document/${fileId}/${mode}`} replace />;
}
