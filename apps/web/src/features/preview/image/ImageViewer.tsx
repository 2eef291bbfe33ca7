import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Button, Result, Space, Spin, Tooltip } from 'antd';
import {
  CompressOutlined,
  DownloadOutlined,
  LeftOutlined,
  OneToOneOutlined,
  RightOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { fetchFileBytes, fileUrls } from '../api.ts';
import { decodeTiff, TiffError } from './tiff.ts';

/** One image: a file of ours (by id) or a URL (spec 001 §2.10). */
export interface ImageSource {
  fileId?: string;
  url?: string;
  suffix?: string;
  name?: string;
}

const MIN_SCALE = 0.05;
const MAX_SCALE = 20;
const isOwnUrl = (url: string) =>
  /^(data:image\/|blob:)/i.test(url) || (url.startsWith('/') && !url.startsWith('//'));

type Resolved = { src: string; revoke?: () => void } | { error: string };

/**
 * Where the browser may load an image from. SVG is fetched and shown through a data: URL as an
 * <img>, which never runs its scripts (the server sends SVG only as an attachment anyway); TIFF,
 * which browsers cannot show, is decoded here; external URLs are not loaded (intranet, CSP).
 */
async function resolve(image: ImageSource, signal: AbortSignal): Promise<Resolved> {
  const suffix = (image.suffix ?? '').toLowerCase();
  if (image.fileId) {
    if (suffix === 'svg') {
      const bytes = new Uint8Array(await fetchFileBytes(fileUrls.download(image.fileId), signal));
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { src: `data:image/svg+xml;base64,${btoa(binary)}` };
    }
    if (suffix === 'tif' || suffix === 'tiff') {
      const blob = await decodeTiff(await fetchFileBytes(fileUrls.download(image.fileId), signal));
      const src = URL.createObjectURL(blob);
      return { src, revoke: () => URL.revokeObjectURL(src) };
    }
    return { src: fileUrls.image(image.fileId) };
  }
  if (image.url && isOwnUrl(image.url)) return { src: image.url };
  return { error: '外部地址的图片无法在内网预览' };
}

export interface ImageViewerProps {
  images: ImageSource[];
  index: number;
  onIndexChange?: (index: number) => void;
}

/** The image viewer: zoom, rotate, fit, 1:1, drag to pan, previous and next, download. */
export function ImageViewer(props: ImageViewerProps) {
  const image = props.images[props.index];
  // Each image starts afresh (fit, no rotation): its own instance of the view.
  return <ImageView key={`${props.index}:${image?.fileId ?? image?.url ?? ''}`} {...props} />;
}

function ImageView({ images, index, onIndexChange }: ImageViewerProps) {
  const image = images[index];
  const stageRef = useRef<HTMLDivElement>(null);
  const [resolved, setResolved] = useState<Resolved | null>(null);
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [rotate, setRotate] = useState(0);
  const [scale, setScale] = useState<number | 'fit'>('fit');
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const [stage, setStage] = useState({ w: 0, h: 0 });
  const drag = useRef<{ x: number; y: number; ox: number; oy: number } | null>(null);

  useEffect(() => {
    if (!image) return;
    const controller = new AbortController();
    let result: Resolved | null = null;
    resolve(image, controller.signal).then(
      (r) => {
        result = r;
        if (!controller.signal.aborted) setResolved(r);
        else if ('revoke' in r) r.revoke?.();
      },
      (err: unknown) => {
        if (!controller.signal.aborted) setResolved({ error: err instanceof TiffError ? err.message : '图片加载失败' });
      },
    );
    return () => {
      controller.abort();
      if (result && 'revoke' in result) result.revoke?.();
    };
  }, [image]);

  useLayoutEffect(() => {
    const el = stageRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setStage({ w: el.clientWidth, h: el.clientHeight }));
    observer.observe(el);
    setStage({ w: el.clientWidth, h: el.clientHeight });
    return () => observer.disconnect();
  }, []);

  const go = (delta: number) => {
    if (images.length < 2) return;
    onIndexChange?.((index + delta + images.length) % images.length);
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      if (e.key === 'ArrowLeft') go(-1);
      else if (e.key === 'ArrowRight') go(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const quarter = Math.abs(rotate / 90) % 2 === 1;
  const fitScale =
    natural && stage.w && stage.h
      ? Math.min(1, (stage.w - 32) / (quarter ? natural.h : natural.w), (stage.h - 32) / (quarter ? natural.w : natural.h))
      : 1;
  const current = scale === 'fit' ? fitScale : scale;
  const zoomBy = (factor: number) =>
    setScale(Math.max(MIN_SCALE, Math.min(MAX_SCALE, Number((current * factor).toFixed(3)))));

  const onPointerDown = (e: ReactPointerEvent) => {
    drag.current = { x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y };
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    const d = drag.current;
    if (d) setOffset({ x: d.ox + e.clientX - d.x, y: d.oy + e.clientY - d.y });
  };

  const src = resolved && 'src' in resolved ? resolved.src : null;
  const error = resolved && 'error' in resolved ? resolved.error : failed ? '无法显示该图片，请下载后查看' : null;

  return (
    <div className="image-viewer" data-testid="image-viewer">
      <div className="preview-toolbar">
        <Space size={4}>
          {images.length > 1 && (
            <>
              <Tooltip title="上一张">
                <Button aria-label="上一张" size="small" icon={<LeftOutlined />} onClick={() => go(-1)} />
              </Tooltip>
              <span className="image-viewer-counter" data-testid="image-counter">
                {index + 1} / {images.length}
              </span>
              <Tooltip title="下一张">
                <Button aria-label="下一张" size="small" icon={<RightOutlined />} onClick={() => go(1)} />
              </Tooltip>
            </>
          )}
        </Space>
        <Space size={4}>
          <Tooltip title="缩小">
            <Button aria-label="缩小" size="small" icon={<ZoomOutOutlined />} onClick={() => zoomBy(1 / 1.25)} />
          </Tooltip>
          <span className="image-viewer-scale" data-testid="image-scale">
            {Math.round(current * 100)}%
          </span>
          <Tooltip title="放大">
            <Button aria-label="放大" size="small" icon={<ZoomInOutlined />} onClick={() => zoomBy(1.25)} />
          </Tooltip>
          <Tooltip title="适应窗口">
            <Button
              aria-label="适应窗口"
              size="small"
              icon={<CompressOutlined />}
              onClick={() => {
                setScale('fit');
                setOffset({ x: 0, y: 0 });
              }}
            />
          </Tooltip>
          <Tooltip title="原始大小">
            <Button aria-label="原始大小" size="small" icon={<OneToOneOutlined />} onClick={() => setScale(1)} />
          </Tooltip>
          <Tooltip title="向左旋转">
            <Button aria-label="向左旋转" size="small" icon={<RotateLeftOutlined />} onClick={() => setRotate((r) => r - 90)} />
          </Tooltip>
          <Tooltip title="向右旋转">
            <Button aria-label="向右旋转" size="small" icon={<RotateRightOutlined />} onClick={() => setRotate((r) => r + 90)} />
          </Tooltip>
          {image?.fileId && (
            <Tooltip title="下载">
              <Button aria-label="下载图片" size="small" icon={<DownloadOutlined />} href={fileUrls.download(image.fileId)} />
            </Tooltip>
          )}
        </Space>
      </div>
      <div
        ref={stageRef}
        className="image-viewer-stage"
        onWheel={(e) => zoomBy(e.deltaY < 0 ? 1.1 : 1 / 1.1)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
      >
        {error ? (
          <Result status="warning" title={error} />
        ) : !src ? (
          <Spin />
        ) : (
          <img
            key={src}
            src={src}
            alt={image?.name ?? ''}
            draggable={false}
            data-rotate={((rotate % 360) + 360) % 360}
            onLoad={(e) => setNatural({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
            onError={() => setFailed(true)}
            style={{
              width: natural ? natural.w * current : undefined,
              height: natural ? natural.h * current : undefined,
              visibility: natural ? 'visible' : 'hidden',
              transform: `translate(${offset.x}px, ${offset.y}px) rotate(${rotate}deg)`,
            }}
          />
        )}
      </div>
    </div>
  );
}
