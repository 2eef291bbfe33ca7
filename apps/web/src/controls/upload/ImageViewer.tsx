import { useState } from 'react';
import { Image } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { fileIdOf } from '@park/core';
import { downloadFile, imageSrc } from '../common/files.ts';

export interface ImageViewerProps {
  /** File ids or image URLs (spec 001 §2.10). */
  images: string[];
  open: boolean;
  /** The image shown first. */
  start?: number;
  onClose(): void;
}

const EXTERNAL = /^https?:\/\//i;

/** The image preview viewer: zoom, rotate, flip, previous and next image of the field, download. */
export function ImageViewer(props: ImageViewerProps) {
  if (!props.open || props.images.length === 0) return null;
  return <OpenViewer {...props} />;
}

function OpenViewer({ images, open, start = 0, onClose }: ImageViewerProps) {
  const [current, setCurrent] = useState(start);
  return (
    <div style={{ display: 'none' }}>
      <Image.PreviewGroup
        items={images.map(imageSrc)}
        preview={{
          open,
          current,
          onChange: (index) => setCurrent(index),
          onOpenChange: (next) => {
            if (!next) onClose();
          },
          actionsRender: (node) => {
            const item = images[current];
            const id = item ? fileIdOf(item) : '';
            return (
              <div className="image-viewer-actions">
                {node}
                {id && !EXTERNAL.test(id) && (
                  <button
                    type="button"
                    className="image-viewer-download"
                    aria-label="下载"
                    title="下载"
                    onClick={() => downloadFile(id)}
                  >
                    <DownloadOutlined />
                  </button>
                )}
              </div>
            );
          },
        }}
      />
    </div>
  );
}
