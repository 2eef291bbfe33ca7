import { useEffect, useState } from 'react';
import { Result, Spin } from 'antd';
import { fileUrls, getOfficePreview, type OfficePreviewStatus } from '../api.ts';
import { PdfView } from '../pdf/PdfView.tsx';
import type { RendererProps } from './types.ts';

export function PdfRenderer({ file }: RendererProps) {
  return <PdfView url={fileUrls.inline(file.fileId)} />;
}

const POLL_MS = 1500;

/** Office files LibreOffice converts on the server: waits for the PDF, then shows it like any PDF. */
export function OfficeRenderer({ file }: RendererProps) {
  const [status, setStatus] = useState<OfficePreviewStatus | 'error'>('pending');
  const [errMsg, setErrMsg] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const reply = await getOfficePreview(file.fileId, controller.signal);
        if (controller.signal.aborted) return;
        setStatus(reply.status);
        setErrMsg(reply.errMsg ?? '');
        if (reply.status === 'pending') timer = setTimeout(() => void poll(), POLL_MS);
      } catch (err) {
        if (!controller.signal.aborted) {
          setStatus('error');
          setErrMsg(err instanceof Error ? err.message : '');
        }
      }
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [file.fileId]);

  if (status === 'ready') return <PdfView url={fileUrls.officePdf(file.fileId)} />;
  if (status === 'pending') {
    return (
      <div className="preview-loading" data-testid="office-converting">
        <Spin description="正在服务器上转换文档，首次预览需要稍候…" />
      </div>
    );
  }
  const title =
    status === 'unavailable' ? '服务器未安装文档转换组件（LibreOffice），无法在线预览该文件' : errMsg || '文档转换失败，请下载后查看';
  return <Result status="warning" title={title} />;
}
