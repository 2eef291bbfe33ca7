import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button, InputNumber, Result, Select, Space, Spin, Tooltip } from 'antd';
import {
  LeftOutlined,
  RightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { TextLayer, type PDFDocumentProxy } from 'pdfjs-dist';
import { openPdf } from './pdfjs.ts';

interface Size {
  width: number;
  height: number;
}

/** auto: fit the width but no larger than 125% (as pdf.js's viewer); fit: the page width; or a factor. */
type Zoom = 'auto' | 'fit' | number;
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
const MAX_AUTO = 1.25;
/* PDF units are 1/72 inch, CSS pixels 1/96: 100% is the paper's real size on screen. */
const CSS_UNITS = 96 / 72;
const PAGE_GAP = 16;
const SIDE_PADDING = 24;
/* Pages this far outside the viewport are drawn ahead; farther ones are released to save memory. */
const NEAR_MARGIN = '1200px 0px';

function PdfPage({
  doc,
  pageNumber,
  scale,
  size,
  near,
  onSize,
}: {
  doc: PDFDocumentProxy;
  pageNumber: number;
  scale: number;
  size: Size;
  near: boolean;
  onSize: (pageNumber: number, size: Size) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [rendered, setRendered] = useState(false);

  useEffect(() => {
    if (!near) return;
    const canvas = canvasRef.current;
    const textDiv = textRef.current;
    if (!canvas || !textDiv) return;
    let cancelled = false;
    let renderTask: { cancel(): void; promise: Promise<void> } | null = null;
    let textLayer: TextLayer | null = null;
    void (async () => {
      const page = await doc.getPage(pageNumber);
      if (cancelled) return;
      const unscaled = page.getViewport({ scale: 1 });
      onSize(pageNumber, { width: unscaled.width, height: unscaled.height });
      const viewport = page.getViewport({ scale });
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      renderTask = page.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      await renderTask.promise;
      if (cancelled) return;
      setRendered(true);
      textDiv.replaceChildren();
      textLayer = new TextLayer({ textContentSource: page.streamTextContent(), container: textDiv, viewport });
      await textLayer.render();
    })().catch(() => {
      // Cancelled by a scroll or zoom; a broken page simply stays blank.
    });
    return () => {
      cancelled = true;
      renderTask?.cancel();
      textLayer?.cancel();
      // Releases the bitmap: a long document keeps only the pages near the viewport drawn.
      canvas.width = 0;
      canvas.height = 0;
      textDiv.replaceChildren();
      setRendered(false);
    };
  }, [doc, pageNumber, scale, near, onSize]);

  return (
    <div
      className="pdf-page"
      data-page-number={pageNumber}
      data-rendered={rendered ? 'true' : 'false'}
      style={{
        width: Math.floor(size.width * scale),
        height: Math.floor(size.height * scale),
        ['--total-scale-factor' as string]: scale,
        ['--scale-round-x' as string]: '1px',
        ['--scale-round-y' as string]: '1px',
      }}
    >
      <canvas ref={canvasRef} aria-label={`第 ${pageNumber} 页`} />
      <div ref={textRef} className="textLayer" />
    </div>
  );
}

/**
 * A PDF in pages (pdf.js): page navigation, zoom (fit width or a percentage), selectable text.
 * Only pages near the viewport are drawn, so a 200-page file opens as fast as a one-page one.
 */
export function PdfView({ url }: { url: string }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sizes, setSizes] = useState<Size[]>([]);
  const [zoom, setZoom] = useState<Zoom>('auto');
  const [width, setWidth] = useState(0);
  const [near, setNear] = useState<Set<number>>(() => new Set([1, 2]));
  const [current, setCurrent] = useState(1);
  const scrollRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const task = openPdf(url);
    let disposed = false;
    task.promise.then(
      async (pdf) => {
        const first = (await pdf.getPage(1)).getViewport({ scale: 1 });
        if (disposed) return;
        setSizes(Array.from({ length: pdf.numPages }, () => ({ width: first.width, height: first.height })));
        setDoc(pdf);
      },
      (err: unknown) => {
        if (disposed) return;
        const name = (err as { name?: string }).name;
        setError(name === 'PasswordException' ? '该 PDF 已加密，请下载后查看' : '文档加载失败，文件可能已损坏');
      },
    );
    return () => {
      disposed = true;
      void task.destroy();
    };
  }, [url]);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, [doc]);

  const base = sizes[0];
  const fitFactor = base && width ? Math.max(0.25, Math.min(4, (width - SIDE_PADDING * 2) / (base.width * CSS_UNITS))) : 1;
  const factor = zoom === 'fit' ? fitFactor : zoom === 'auto' ? Math.min(fitFactor, MAX_AUTO) : zoom;
  // The scale pdf.js draws at: PDF units to CSS pixels.
  const scale = factor * CSS_UNITS;

  const onSize = useCallback((pageNumber: number, size: Size) => {
    setSizes((prev) => {
      const old = prev[pageNumber - 1];
      if (!old || (Math.abs(old.width - size.width) < 0.5 && Math.abs(old.height - size.height) < 0.5)) return prev;
      const next = [...prev];
      next[pageNumber - 1] = size;
      return next;
    });
  }, []);

  // Which pages are near the viewport: drawn while near, released when far.
  useEffect(() => {
    const root = scrollRef.current;
    if (!root || !doc) return;
    const observer = new IntersectionObserver(
      (entries) => {
        setNear((prev) => {
          const next = new Set(prev);
          for (const e of entries) {
            const n = Number((e.target as HTMLElement).dataset.pageNumber);
            if (e.isIntersecting) next.add(n);
            else next.delete(n);
          }
          return next;
        });
      },
      { root, rootMargin: NEAR_MARGIN },
    );
    root.querySelectorAll('.pdf-page').forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, [doc, sizes.length]);

  const pageTops = useMemo(() => {
    const tops: number[] = [];
    let y = PAGE_GAP;
    for (const s of sizes) {
      tops.push(y);
      y += Math.floor(s.height * scale) + PAGE_GAP;
    }
    return tops;
  }, [sizes, scale]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const probe = el.scrollTop + el.clientHeight / 3;
    let lo = 0;
    let hi = pageTops.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (pageTops[mid]! <= probe) lo = mid;
      else hi = mid - 1;
    }
    setCurrent(lo + 1);
  };

  const goTo = (n: number) => {
    const target = Math.max(1, Math.min(sizes.length, Math.round(n)));
    const el = scrollRef.current;
    if (el && pageTops[target - 1] !== undefined) el.scrollTop = pageTops[target - 1]! - PAGE_GAP / 2;
    setCurrent(target);
  };

  const step = (dir: 1 | -1) => {
    const i = ZOOMS.findIndex((z) => (dir > 0 ? z > factor + 0.001 : z >= factor - 0.001));
    if (dir > 0) setZoom(i < 0 ? ZOOMS[ZOOMS.length - 1]! : ZOOMS[i]!);
    else setZoom(i <= 0 ? ZOOMS[0]! : ZOOMS[i - 1]!);
  };

  if (error) return <Result status="warning" title={error} />;

  return (
    <div className="pdf-view" data-testid="pdf-view">
      <div className="preview-toolbar">
        <Space size={4}>
          <Tooltip title="上一页">
            <Button aria-label="上一页" size="small" icon={<LeftOutlined />} disabled={current <= 1} onClick={() => goTo(current - 1)} />
          </Tooltip>
          <InputNumber
            aria-label="页码"
            size="small"
            min={1}
            max={Math.max(1, sizes.length)}
            value={current}
            onPressEnter={(e) => goTo(Number((e.target as HTMLInputElement).value))}
            onStep={(v) => goTo(Number(v))}
            style={{ width: 64 }}
          />
          <span className="pdf-page-count" data-testid="pdf-page-count">
            / {sizes.length || '-'}
          </span>
          <Tooltip title="下一页">
            <Button
              aria-label="下一页"
              size="small"
              icon={<RightOutlined />}
              disabled={current >= sizes.length}
              onClick={() => goTo(current + 1)}
            />
          </Tooltip>
        </Space>
        <Space size={4}>
          <Tooltip title="缩小">
            <Button aria-label="缩小" size="small" icon={<ZoomOutOutlined />} onClick={() => step(-1)} />
          </Tooltip>
          <Select
            aria-label="缩放"
            size="small"
            style={{ width: 110 }}
            value={typeof zoom === 'number' ? String(zoom) : zoom}
            onChange={(v) => setZoom(v === 'fit' || v === 'auto' ? v : Number(v))}
            options={[
              { value: 'auto', label: '自动缩放' },
              { value: 'fit', label: '适合宽度' },
              ...ZOOMS.map((z) => ({ value: String(z), label: `${Math.round(z * 100)}%` })),
              ...(typeof zoom === 'number' && !ZOOMS.includes(zoom) ? [{ value: String(zoom), label: `${Math.round(zoom * 100)}%` }] : []),
            ]}
          />
          <Tooltip title="放大">
            <Button aria-label="放大" size="small" icon={<ZoomInOutlined />} onClick={() => step(1)} />
          </Tooltip>
        </Space>
      </div>
      <div className="pdf-pages" ref={scrollRef} onScroll={onScroll}>
        {!doc ? (
          <div className="preview-loading">
            <Spin description="正在加载文档…" />
          </div>
        ) : (
          sizes.map((size, i) => (
            <PdfPage
              key={i + 1}
              doc={doc}
              pageNumber={i + 1}
              scale={scale}
              size={size}
              near={near.has(i + 1)}
              onSize={onSize}
            />
          ))
        )}
      </div>
    </div>
  );
}
