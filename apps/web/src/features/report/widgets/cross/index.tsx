import { Table, type TableColumnsType } from 'antd';
import { dimKey, itemLabel, measureKey, type AxisItem, type Json } from '@park/core';
import { ChartConfig } from '../shared/config/ChartConfig.tsx';
import { useWidgetData } from '../shared/useWidgetData.ts';
import { WidgetFrame, WidgetNote } from '../shared/WidgetFrame.tsx';
import type { WidgetRenderProps, WidgetUi } from '../types.ts';

const list = (data: Json, axis: string): AxisItem[] => (Array.isArray(data[axis]) ? (data[axis] as AxisItem[]) : []);
const text = (v: unknown) => (v === null || v === undefined || v === '' ? '--' : String(v));

/** 交叉表: row dimensions down the side, one column group per column-dimension value, 100 rows a page. */
function CrossRenderer({ widget, kind }: WidgetRenderProps) {
  const state = useWidgetData(widget, kind);
  const data = (widget.data ?? {}) as Json;
  const rows = list(data, 'classAxis');
  const measures = list(data, 'valueAxis');
  const headers = state.data?.columns ?? [];
  const pivoted = list(data, 'colorAxis').length > 0;
  const columns: TableColumnsType<Record<string, unknown>> = [
    ...rows.map((r) => ({ title: itemLabel(r), dataIndex: dimKey(r), key: dimKey(r), render: text, fixed: 'left' as const })),
    ...(pivoted
      ? headers.map((h) => ({
          title: h.values.map(text).join(' / '),
          key: h.key,
          children: measures.map((m) => ({ title: itemLabel(m), key: `${h.key}|${measureKey(m)}`, dataIndex: `${h.key}|${measureKey(m)}`, render: text })),
        }))
      : measures.map((m) => ({ title: itemLabel(m), key: measureKey(m), dataIndex: measureKey(m), render: text }))),
  ];
  const pageSize = Number(widget.style?.pageSize) || 100;
  return (
    <WidgetFrame widget={widget} loading={state.loading} fresh={state.data}>
      {state.illegal ? (
        <WidgetNote text={state.illegal} />
      ) : state.error ? (
        <WidgetNote kind="error" text={state.error} />
      ) : (
        <Table className="rw-table rw-cross" size="small" bordered rowKey={(r) => JSON.stringify(r)} columns={columns} dataSource={state.data?.datas ?? []} scroll={{ x: 'max-content' }} pagination={{ pageSize, hideOnSinglePage: true }} />
      )}
    </WidgetFrame>
  );
}

export const crossWidget: WidgetUi = { Renderer: CrossRenderer, Config: ChartConfig };
