import { PALETTE_ORDER, REPORT_GRID, WIDGET_DEFINITIONS, kindOfPaletteType, type WidgetKind } from '@park/core';

export const WIDGET_MIME = 'application/x-report-widget';

/* The palette entry being dragged: a drag-over may read only the types of what is dragged, not the
   data, and the grid needs the size to show where the widget will land. */
let dragging: string | null = null;

export function draggedPaletteType(): string | null {
  return dragging;
}

/** The size a kind takes when dropped (spec 002 §9: width 76; table 90 high, query 16). */
export function dropSizeOf(paletteType: string | null): { w: number; h: number } | null {
  if (paletteType === null) return null;
  const kind = kindOfPaletteType(paletteType);
  if (!kind) return { w: REPORT_GRID.defaultWidth, h: REPORT_GRID.defaultHeight };
  const w = WIDGET_DEFINITIONS[kind].create({ id: 0, x: 1, y: 1 });
  return { w: w.sizex, h: w.sizey };
}

const FAMILIES: Array<{ key: 'basic' | 'data' | 'chart'; title: string }> = [
  { key: 'basic', title: '基础控件' },
  { key: 'data', title: '表格' },
  { key: 'chart', title: '图表' },
];

/** The widgets to drag onto the canvas (or click to add below the others). */
export function Palette({ onAdd }: { onAdd(kind: WidgetKind): void }) {
  return (
    <aside className="rd-palette" aria-label="控件">
      {FAMILIES.map((f) => (
        <section key={f.key}>
          <h4>{f.title}</h4>
          <div className="rd-palette-items">
            {PALETTE_ORDER.filter((k) => WIDGET_DEFINITIONS[k].family === f.key).map((k) => (
              <button
                key={k}
                type="button"
                className="rd-palette-item"
                draggable
                data-palette={WIDGET_DEFINITIONS[k].paletteType}
                onDragStart={(e) => {
                  dragging = WIDGET_DEFINITIONS[k].paletteType;
                  e.dataTransfer.setData(WIDGET_MIME, dragging);
                  e.dataTransfer.setData('text/plain', dragging);
                }}
                onDragEnd={() => {
                  dragging = null;
                }}
                onClick={() => onAdd(k)}
              >
                {WIDGET_DEFINITIONS[k].name}
              </button>
            ))}
          </div>
        </section>
      ))}
    </aside>
  );
}
