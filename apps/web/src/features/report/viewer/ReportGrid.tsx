import { useMemo, type ReactNode } from 'react';
import ReactGridLayout, { useContainerWidth, verticalCompactor, type Layout, type LayoutItem } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { gridCellOf, REPORT_GRID, rowHeightAt, type GridCell, type ReportWidget } from '@park/core';

export interface GridDrop {
  cell: GridCell;
  event: Event;
}

interface Props {
  widgets: readonly ReportWidget[];
  renderItem(widget: ReportWidget): ReactNode;
  editable?: boolean;
  onLayout?(cells: GridCell[]): void;
  /** A palette item dropped on the grid, and the size it takes while dragged over. */
  onDrop?(drop: GridDrop): void;
  dropSize?(): { w: number; h: number } | null;
}

const cellsOf = (layout: Layout): GridCell[] => layout.filter((l) => l.i !== '__dropping-elem__').map((l: LayoutItem) => ({ i: l.i, x: l.x, y: l.y, w: l.w, h: l.h }));

/**
 * The report grid (spec 002 §2, §9): 77 cells across, rows of 14.5 px at the 1366 px reference
 * width (scaled with the canvas), 5 px between widgets. Editable in the designer, fixed in the viewer.
 */
export function ReportGrid({ widgets, renderItem, editable = false, onLayout, onDrop, dropSize }: Props) {
  const { width, containerRef, mounted } = useContainerWidth({ initialWidth: REPORT_GRID.referenceWidth });
  // Not static in the viewer: fixed by the disabled drag and resize, still compacted like the designer shows them.
  const layout = useMemo(() => widgets.map((w) => gridCellOf(w)), [widgets]);
  const m = REPORT_GRID.margin;
  return (
    <div ref={containerRef} className="rg-container">
      {mounted && (
        <ReactGridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: REPORT_GRID.cols, rowHeight: rowHeightAt(width), margin: [m, m], containerPadding: [m, m] }}
          dragConfig={{ enabled: editable, handle: '.rg-handle', bounded: false }}
          resizeConfig={{ enabled: editable, handles: ['se'] }}
          dropConfig={{ enabled: editable, defaultItem: { w: REPORT_GRID.defaultWidth, h: REPORT_GRID.defaultHeight } }}
          compactor={verticalCompactor}
          onDragStop={(l) => onLayout?.(cellsOf(l))}
          onResizeStop={(l) => onLayout?.(cellsOf(l))}
          onDropDragOver={() => {
            const size = dropSize?.();
            return size ? { w: size.w, h: size.h } : false;
          }}
          onDrop={(_l, item, event) => {
            if (item) onDrop?.({ cell: { i: item.i, x: item.x, y: item.y, w: item.w, h: item.h }, event });
          }}
        >
          {widgets.map((w) => (
            <div key={String(w.id)} className="rg-item">
              {renderItem(w)}
            </div>
          ))}
        </ReactGridLayout>
      )}
    </div>
  );
}
