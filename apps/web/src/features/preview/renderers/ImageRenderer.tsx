import { useMemo } from 'react';
import { previewKindOf } from '@park/core';
import { ImageViewer } from '../image/ImageViewer.tsx';
import type { RendererProps } from './types.ts';

/** An image, with the previous and next images of the same field. */
export function ImageRenderer({ file, siblings, onSelect }: RendererProps) {
  const images = useMemo(() => {
    const list = siblings.filter((f) => previewKindOf(f.suffix, false) === 'image');
    return list.some((f) => f.fileId === file.fileId) ? list : [file];
  }, [siblings, file]);
  const index = Math.max(0, images.findIndex((f) => f.fileId === file.fileId));
  const sources = useMemo(
    () => images.map((f) => ({ fileId: f.fileId, suffix: f.suffix, name: f.originalName })),
    [images],
  );
  return <ImageViewer images={sources} index={index} onIndexChange={(i) => onSelect(images[i]!)} />;
}
