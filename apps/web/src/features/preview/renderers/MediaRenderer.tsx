import { useState } from 'react';
import { Result } from 'antd';
import { fileUrls } from '../api.ts';
import type { RendererProps } from './types.ts';

export function VideoRenderer({ file }: RendererProps) {
  const [failed, setFailed] = useState(false);
  if (failed) return <Result status="warning" title="浏览器无法播放该视频的编码格式，请下载后观看" />;
  return (
    <div className="media-view" data-testid="video-view">
      <video src={fileUrls.inline(file.fileId)} controls preload="metadata" onError={() => setFailed(true)} />
    </div>
  );
}

export function AudioRenderer({ file }: RendererProps) {
  const [failed, setFailed] = useState(false);
  if (failed) return <Result status="warning" title="浏览器无法播放该音频格式，请下载后收听" />;
  return (
    <div className="media-view media-view-audio" data-testid="audio-view">
      <div className="media-audio-name">{file.originalName}</div>
      <audio src={fileUrls.inline(file.fileId)} controls preload="metadata" onError={() => setFailed(true)} />
    </div>
  );
}
