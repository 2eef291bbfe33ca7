import { Component, Suspense, type ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import {
  BROWSER_PREVIEW,
  isOfficeSuffix,
  previewKindOf,
  supportedPreviewGroups,
  unsupportedPreviewMessage,
} from '@park/core';
import { fileUrls, usePreviewCapability, type PreviewFile } from './api.ts';
import { RENDERERS } from './renderers/registry.ts';

/** The refusal (spec 002 §8) with the formats that are supported. */
export function UnsupportedPreview({ file, officeConversion }: { file: PreviewFile; officeConversion: boolean }) {
  return (
    <Result
      status="info"
      className="preview-unsupported"
      data-testid="preview-unsupported"
      title={unsupportedPreviewMessage(file.suffix)}
      subTitle={
        <div className="preview-supported-list">
          <div>支持在线预览的格式：</div>
          {supportedPreviewGroups(officeConversion).map((g) => (
            <div key={g.label}>
              <b>{g.label}</b>：{g.suffixes.join('、')}
            </div>
          ))}
        </div>
      }
      extra={
        <Button type="primary" icon={<DownloadOutlined />} href={fileUrls.download(file.fileId)}>
          下载文件
        </Button>
      }
    />
  );
}

class RendererBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) return <Result status="warning" title="预览组件加载失败，请刷新页面后重试或下载后查看" />;
    return this.props.children;
  }
}

export interface FilePreviewProps {
  file: PreviewFile;
  siblings?: PreviewFile[];
  onSelect?: (file: PreviewFile) => void;
}

/** Picks the renderer of the file's kind from the registry, or explains why there is none. */
export function FilePreview({ file, siblings = [], onSelect = () => undefined }: FilePreviewProps) {
  const suffix = file.suffix.toLowerCase();
  // Only office files the browser cannot read need the server's answer.
  const needsServer = isOfficeSuffix(suffix) && !Object.hasOwn(BROWSER_PREVIEW, suffix);
  const capability = usePreviewCapability(needsServer);
  if (needsServer && capability.isPending) {
    return (
      <div className="preview-loading">
        <Spin />
      </div>
    );
  }
  const officeConversion = capability.data?.officeConversion ?? false;
  const kind = previewKindOf(suffix, officeConversion);
  if (!kind) return <UnsupportedPreview file={file} officeConversion={officeConversion} />;
  const Renderer = RENDERERS[kind];
  return (
    <RendererBoundary key={`${kind}:${file.fileId}`}>
      <Suspense
        fallback={
          <div className="preview-loading">
            <Spin />
          </div>
        }
      >
        <div className="file-preview" data-testid="file-preview" data-kind={kind}>
          <Renderer file={file} siblings={siblings} onSelect={onSelect} />
        </div>
      </Suspense>
    </RendererBoundary>
  );
}
