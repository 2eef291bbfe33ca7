import { useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { columnName, type CellStyle, type Merge, type SheetModel } from './model.ts';

const ROW_H = 24;
const HEADER_H = 24;
const OVERSCAN_ROWS = 10;
const OVERSCAN_PX = 200;
const NUMERIC = /^[-+]?[¥$￥€£]?[\d,]*\.?\d+(%|e[-+]?\d+)?$/i;

/** The first index whose start is at or after `x` in ascending `starts`, minus one (the one containing x). */
function indexAt(starts: number[], x: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function cellCss(style: CellStyle | undefined, text: string): CSSProperties {
  const css: CSSProperties = {};
  if (!style) {
    if (NUMERIC.test(text)) css.justifyContent = 'flex-end';
    return css;
  }
  if (style.bold) css.fontWeight = 600;
  if (style.italic) css.fontStyle = 'italic';
  const deco = [style.underline && 'underline', style.strike && 'line-through'].filter(Boolean).join(' ');
  if (deco) css.textDecoration = deco;
  if (style.color) css.color = style.color;
  if (style.background) css.background = style.background;
  if (style.size) css.fontSize = Math.max(9, Math.min(24, Math.round(style.size * 1.2)));
  const align = style.align ?? (NUMERIC.test(text) ? 'right' : undefined);
  if (align) {
    css.justifyContent = align === 'right' ? 'flex-end' : align === 'center' ? 'center' : 'flex-start';
    css.textAlign = align;
  }
  if (style.valign) css.alignItems = style.valign === 'top' ? 'flex-start' : style.valign === 'bottom' ? 'flex-end' : 'center';
  if (style.wrap) {
    css.whiteSpace = 'pre-wrap';
    css.wordBreak = 'break-all';
  }
  return css;
}

interface Window {
  r0: number;
  r1: number;
  c0: number;
  c1: number;
}

/**
 * A spreadsheet view: column letters and row numbers, the header rows frozen under the letters,
 * and only the cells in view rendered (rows and columns), so 50,000 rows scroll like 50.
 */
export function SheetGrid({ sheet, styles }: { sheet: SheetModel; styles: CellStyle[] }) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const colHeadRef = useRef<HTMLDivElement>(null);
  const frozenRef = useRef<HTMLDivElement>(null);
  const rowHeadRef = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ left: 0, top: 0 });
  const [size, setSize] = useState({ width: 0, height: 400 });

  // Empty columns fill the rest of the view, as a spreadsheet's grid does.
  const cols = Math.max(sheet.colCount, Math.ceil(size.width / 72), 1);
  const colStarts = useMemo(() => {
    const starts: number[] = [];
    let x = 0;
    for (let c = 0; c < cols; c++) {
      starts.push(x);
      x += sheet.colWidths[c] ?? 72;
    }
    starts.push(x);
    return starts;
  }, [sheet.colWidths, cols]);
  const totalWidth = colStarts[cols]!;
  const frozen = sheet.frozenRows;
  const bodyRows = Math.max(sheet.rowCount - frozen, 0);
  const rowHeadWidth = Math.max(44, String(sheet.rowCount).length * 8 + 20);

  useLayoutEffect(() => {
    const el = bodyRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setSize({ width: el.clientWidth, height: el.clientHeight }));
    observer.observe(el);
    setSize({ width: el.clientWidth, height: el.clientHeight });
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const el = bodyRef.current;
    if (!el) return;
    const { scrollLeft: left, scrollTop: top } = el;
    // The headers follow at once; the cells in view are recomputed on the next render.
    if (colHeadRef.current) colHeadRef.current.style.transform = `translateX(${-left}px)`;
    if (frozenRef.current) frozenRef.current.style.transform = `translateX(${-left}px)`;
    if (rowHeadRef.current) rowHeadRef.current.style.transform = `translateY(${-top}px)`;
    setScroll({ left, top });
  };

  const win: Window = {
    r0: frozen + Math.max(0, Math.floor(scroll.top / ROW_H) - OVERSCAN_ROWS),
    r1: Math.min(sheet.rowCount - 1, frozen + Math.ceil((scroll.top + size.height) / ROW_H) + OVERSCAN_ROWS),
    c0: indexAt(colStarts, Math.max(0, scroll.left - OVERSCAN_PX)),
    c1: Math.min(cols - 1, indexAt(colStarts, scroll.left + size.width + OVERSCAN_PX)),
  };

  const cellsOf = (r0: number, r1: number, c0: number, c1: number, top: (r: number) => number): ReactNode[] => {
    const out: ReactNode[] = [];
    const merges = sheet.merges.filter((m) => m.bottom >= r0 && m.top <= r1 && m.right >= c0 && m.left <= c1);
    const coveredBy = (r: number, c: number): Merge | undefined =>
      merges.find((m) => r >= m.top && r <= m.bottom && c >= m.left && c <= m.right);
    const cell = (r: number, c: number, width: number, height: number, key: string) => {
      const text = sheet.texts[r]?.[c] ?? '';
      const sid = sheet.styles[r]?.[c] ?? 0;
      out.push(
        <div
          key={key}
          className="sheet-cell"
          data-cell={`${columnName(c)}${r + 1}`}
          title={text.length > 20 ? text : undefined}
          style={{ left: colStarts[c], top: top(r), width, height, ...cellCss(sid ? styles[sid] : undefined, text) }}
        >
          {text}
        </div>,
      );
    };
    for (const m of merges) {
      // A merge is drawn once, from its master cell, over the whole merged area (clipped by its block).
      cell(m.top, m.left, colStarts[m.right + 1]! - colStarts[m.left]!, (m.bottom - m.top + 1) * ROW_H, `m${m.top}-${m.left}`);
    }
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        if (sheet.colWidths[c] === 0 || coveredBy(r, c)) continue;
        cell(r, c, sheet.colWidths[c] ?? 72, ROW_H, `${r}-${c}`);
      }
    }
    return out;
  };

  const colHeads: ReactNode[] = [];
  for (let c = win.c0; c <= win.c1; c++) {
    colHeads.push(
      <div key={c} className="sheet-colhead-cell" style={{ left: colStarts[c], width: sheet.colWidths[c] ?? 72 }}>
        {columnName(c)}
      </div>,
    );
  }
  const rowHeads: ReactNode[] = [];
  for (let r = win.r0; r <= win.r1; r++) {
    rowHeads.push(
      <div key={r} className="sheet-rowhead-cell" style={{ top: (r - frozen) * ROW_H, height: ROW_H }}>
        {r + 1}
      </div>,
    );
  }
  const frozenHeight = frozen * ROW_H;

  return (
    <div className="sheet-grid" data-testid="sheet-grid" data-sheet={sheet.name} style={{ ['--sheet-rowhead-w' as string]: `${rowHeadWidth}px` }}>
      <div className="sheet-corner" style={{ width: rowHeadWidth, height: HEADER_H }} />
      <div className="sheet-colhead" style={{ left: rowHeadWidth, height: HEADER_H }}>
        <div ref={colHeadRef} className="sheet-layer" style={{ width: totalWidth, height: HEADER_H, transform: `translateX(${-scroll.left}px)` }}>
          {colHeads}
        </div>
      </div>
      {frozen > 0 && (
        <>
          <div className="sheet-rowhead sheet-rowhead-frozen" style={{ top: HEADER_H, width: rowHeadWidth, height: frozenHeight }}>
            {Array.from({ length: frozen }, (_, r) => (
              <div key={r} className="sheet-rowhead-cell" style={{ top: r * ROW_H, height: ROW_H }}>
                {r + 1}
              </div>
            ))}
          </div>
          <div className="sheet-frozen" data-testid="sheet-frozen" style={{ top: HEADER_H, left: rowHeadWidth, height: frozenHeight }}>
            <div ref={frozenRef} className="sheet-layer" style={{ width: totalWidth, height: frozenHeight, transform: `translateX(${-scroll.left}px)` }}>
              {cellsOf(0, frozen - 1, win.c0, win.c1, (r) => r * ROW_H)}
            </div>
          </div>
        </>
      )}
      <div className="sheet-rowhead" style={{ top: HEADER_H + frozenHeight, width: rowHeadWidth }}>
        <div ref={rowHeadRef} className="sheet-layer" style={{ transform: `translateY(${-scroll.top}px)` }}>
          {rowHeads}
        </div>
      </div>
      <div className="sheet-body" ref={bodyRef} onScroll={onScroll} style={{ top: HEADER_H + frozenHeight, left: rowHeadWidth }}>
        <div className="sheet-layer" style={{ width: totalWidth, height: Math.max(bodyRows, 0) * ROW_H }}>
          {bodyRows > 0 && cellsOf(win.r0, win.r1, win.c0, win.c1, (r) => (r - frozen) * ROW_H)}
        </div>
      </div>
    </div>
  );
}
