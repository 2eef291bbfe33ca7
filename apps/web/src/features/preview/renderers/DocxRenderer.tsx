import { useEffect, useRef, useState } from 'react';
import { Result, Spin } from 'antd';
import { renderAsync } from 'docx-preview';
import { fetchFileBytes, fileUrls } from '../api.ts';
import type { RendererProps } from './types.ts';

const SAFE_HREF = /^(https?:|mailto:|#)/i;

/** A Word document rendered by docx-preview into the page, pages and styles kept. */
export function DocxRenderer({ file }: RendererProps) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const styleRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'shown' | 'error'>('loading');

  useEffect(() => {
    const body = bodyRef.current;
    const styles = styleRef.current;
    if (!body || !styles) return;
    const controller = new AbortController();
    fetchFileBytes(fileUrls.download(file.fileId), controller.signal)
      .then(async (buffer) => {
        if (controller.signal.aborted) return;
        await renderAsync(buffer, body, styles, {
          className: 'docx',
          inWrapper: true,
          breakPages: true,
          ignoreLastRenderedPageBreak: true,
          renderHeaders: true,
          renderFooters: true,
          renderFootnotes: true,
          renderEndnotes: true,
          // Images as data: URLs, never blob: URLs that outlive the preview.
          useBase64URL: true,
          experimental: false,
        });
        // Links from the document keep only web and mail targets; anything else becomes plain text.
        body.querySelectorAll('a[href]').forEach((a) => {
          const href = a.getAttribute('href') ?? '';
          if (!SAFE_HREF.test(href.trim())) a.removeAttribute('href');
          else if (!href.startsWith('#')) {
            a.setAttribute('target', '_blank');
            a.setAttribute('rel', 'noopener noreferrer nofollow');
          }
        });
        if (!controller.signal.aborted) setState('shown');
      })
      .catch(() => {
        if (!controller.signal.aborted) setState('error');
      });
    return () => {
      controller.abort();
      body.replaceChildren();
      styles.replaceChildren();
    };
  }, [file.fileId]);

  return (
    <div className="docx-view" data-testid="docx-view">
      {state === 'loading' && (
        <div className="preview-loading">
          <Spin description="正在加载文档…" />
        </div>
      )}
      {state === 'error' && <Result status="warning" title="文档解析失败，文件可能已损坏或是旧版 .doc 格式，请下载后查看" />}
      <div ref={styleRef} />
      <div ref={bodyRef} className="docx-body" hidden={state !== 'shown'} />
    </div>
  );
}
