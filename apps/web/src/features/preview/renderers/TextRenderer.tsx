import { useState } from 'react';
import { Result, Segmented, Spin, Tag } from 'antd';
import { CodeEditorPanel } from '../code/CodeEditorPanel.tsx';
import { ENCODING_LABEL } from '../textDecode.ts';
import { useFileText } from '../useFileText.ts';
import { MarkdownView } from './Markdown.tsx';
import type { RendererProps } from './types.ts';

function useText(file: RendererProps['file']) {
  const query = useFileText(file.fileId, file.size);
  const fallback = query.isPending ? (
    <div className="preview-loading">
      <Spin description="正在加载…" />
    </div>
  ) : query.isError ? (
    <Result status="warning" title={query.error instanceof Error ? query.error.message : '文件加载失败'} />
  ) : null;
  return { data: query.data, fallback };
}

/** Plain text and code in the code editor panel, read-only, in the mode of its suffix. */
export function CodeRenderer({ file }: RendererProps) {
  const { data, fallback } = useText(file);
  if (!data) return fallback;
  return (
    <div className="text-view" data-testid="code-view" data-encoding={data.encoding}>
      <CodeEditorPanel
        value={data.text}
        readOnly
        suffix={file.suffix}
        status={<Tag data-testid="text-encoding">编码：{ENCODING_LABEL[data.encoding]}</Tag>}
      />
    </div>
  );
}

/** Markdown, rendered (safely, see core/preview/markdown.ts), with its source a click away. */
export function MarkdownRenderer({ file }: RendererProps) {
  const { data, fallback } = useText(file);
  const [view, setView] = useState<'rendered' | 'source'>('rendered');
  if (!data) return fallback;
  return (
    <div className="text-view" data-testid="markdown-preview">
      <div className="preview-toolbar">
        <Segmented
          size="small"
          value={view}
          onChange={(v) => setView(v as 'rendered' | 'source')}
          options={[
            { value: 'rendered', label: '预览' },
            { value: 'source', label: '源码' },
          ]}
        />
        <Tag>编码：{ENCODING_LABEL[data.encoding]}</Tag>
      </div>
      {view === 'rendered' ? (
        <div className="markdown-scroll">
          <MarkdownView source={data.text} />
        </div>
      ) : (
        <CodeEditorPanel value={data.text} readOnly suffix="md" />
      )}
    </div>
  );
}
