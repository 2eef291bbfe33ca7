import { useState, type ReactNode } from 'react';

export interface VirtualColumn<T> {
  key: string;
  title: ReactNode;
  width: number;
  render(row: T, index: number): ReactNode;
}

export interface VirtualGridProps<T> {
  rows: T[];
  rowKey(row: T): string;
  columns: VirtualColumn<T>[];
  rowHeight: number;
  height: number;
  empty?: ReactNode;
}

/** Rows drawn beyond the visible ones, above and below, so a fast scroll shows no gap. */
const OVERSCAN = 6;

/**
 * A grid of fixed-height rows of which only the visible ones exist in the DOM. With fixed
 * heights nothing is measured while scrolling, so a thousand rows scroll as lightly as ten.
 */
export function VirtualGrid<T>({ rows, rowKey, columns, rowHeight, height, empty }: VirtualGridProps<T>) {
  const [scrollTop, setScrollTop] = useState(0);
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const visible = rows.slice(first, first + Math.ceil(height / rowHeight) + OVERSCAN * 2);
  return (
    <div className="vgrid" role="table" aria-rowcount={rows.length}>
      <div
        className="vgrid-scroll"
        style={{ maxHeight: height }}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      >
        <div className="vgrid-header" role="row" style={{ width }}>
          {columns.map((c) => (
            <div key={c.key} className="vgrid-cell vgrid-head" role="columnheader" style={{ width: c.width }}>
              {c.title}
            </div>
          ))}
        </div>
        {rows.length === 0 && <div className="vgrid-empty">{empty}</div>}
        <div className="vgrid-body" style={{ height: rows.length * rowHeight, width }}>
          {visible.map((row, i) => (
            <div
              key={rowKey(row)}
              className="vgrid-row"
              role="row"
              style={{ top: (first + i) * rowHeight, height: rowHeight }}
            >
              {columns.map((c) => (
                <div key={c.key} className="vgrid-cell" role="cell" style={{ width: c.width }}>
                  {c.render(row, first + i)}
                </div>
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
