import { dimKey, itemLabel, measureKey, type AxisItem, type Json } from '@park/core';
import { ChartConfig } from '../shared/config/ChartConfig.tsx';
import { useWidgetData } from '../shared/useWidgetData.ts';
import { WidgetFrame, WidgetNote } from '../shared/WidgetFrame.tsx';
import type { WidgetRenderProps, WidgetUi } from '../types.ts';

const list = (data: Json, axis: string): AxisItem[] => (Array.isArray(data[axis]) ? (data[axis] as AxisItem[]) : []);
const text = (v: unknown) => (v === null || v === undefined || v === '' ? '--' : String(v));

/** 指标看板: one block per label value (or one block without a label), maxPerLineBlock (4) to a line. */
function KanbanRenderer({ widget, kind }: WidgetRenderProps) {
  const state = useWidgetData(widget, kind);
  const data = (widget.data ?? {}) as Json;
  const label = list(data, 'classAxis')[0];
  const [main, ...vice] = list(data, 'valueAxis');
  const perLine = Math.max(1, Number(widget.style?.maxPerLineBlock) || 4);
  return (
    <WidgetFrame widget={widget} loading={state.loading} fresh={state.data}>
      {state.illegal ? (
        <WidgetNote text={state.illegal} />
      ) : state.error ? (
        <WidgetNote kind="error" text={state.error} />
      ) : (
        <div className="rw-kanban" style={{ gridTemplateColumns: `repeat(${perLine}, minmax(0, 1fr))` }}>
          {(state.data?.datas ?? []).map((r, i) => (
            <div className="rw-kanban-block" key={i} role="group" aria-label={label ? text(r[dimKey(label)]) : itemLabel(main!)}>
              {label && <div className="rw-kanban-class">{text(r[dimKey(label)])}</div>}
              <div className="rw-kanban-main-label">{main ? itemLabel(main) : ''}</div>
              <div className="rw-kanban-main">{main ? text(r[measureKey(main)]) : ''}</div>
              {vice.map((v) => (
                <div className="rw-kanban-vice" key={measureKey(v)}>
                  {itemLabel(v)}：{text(r[measureKey(v)])}
                </div>
              ))}
            </div>
          ))}
        </div>
      )}
    </WidgetFrame>
  );
}

export const kanbanWidget: WidgetUi = { Renderer: KanbanRenderer, Config: ChartConfig };
