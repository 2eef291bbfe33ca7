import { Form, InputNumber, Select } from 'antd';
import { CHART_VARIANTS, PIE_SHAPES, REPORT_LIMITS, type Json } from '@park/core';
import type { WidgetConfigProps } from '../../types.ts';
import { ConfigPanels, DataPanel } from './DataPanel.tsx';
import { ChartStyle, FrameStyle, RefreshSetting } from './StylePanel.tsx';

const EMPTY_AXES = { classAxis: [], valueAxis: [], viceValueAxis: [], colorAxis: [], drillingAxis: [], cols: [], querySort: [] };
const PIE = Object.entries(PIE_SHAPES).map(([value, s]) => ({ value, label: s.label }));

/** The config panel of charts, kanbans and cross tables: data (dataset, fields, axes), then style. */
export function ChartConfig({ widget, kind, onChange }: WidgetConfigProps) {
  const data = (widget.data ?? {}) as Json;
  const variants = CHART_VARIANTS[kind];
  const dataPanel = (
    <DataPanel widget={widget} kind={kind} onChange={onChange} clear={EMPTY_AXES}>
      {variants && (
        <Form.Item label="图表类型">
          <Select aria-label="图表类型" value={String(data.smallType)} options={variants} onChange={(smallType: string) => onChange({ ...widget, data: { ...data, smallType } })} />
        </Form.Item>
      )}
      {kind === 'pie' && (
        <Form.Item label="形状">
          <Select aria-label="形状" value={String(widget.style?.shapeType ?? 'pie')} options={PIE} onChange={(shapeType: string) => onChange({ ...widget, style: { ...widget.style, shapeType } })} />
        </Form.Item>
      )}
      <Form.Item label="查询条数">
        <InputNumber aria-label="查询条数" min={1} max={REPORT_LIMITS.maxQuerySize} value={Number(widget.querySize ?? 1000)} onChange={(v) => onChange({ ...widget, querySize: v ?? 1000 }, 'querySize')} />
      </Form.Item>
    </DataPanel>
  );
  const stylePanel = (
    <Form layout="vertical" size="small">
      <FrameStyle widget={widget} onChange={onChange} />
      {kind !== 'cross' && kind !== 'kanban' && <ChartStyle widget={widget} onChange={onChange} />}
      {kind === 'pie' && (
        <Form.Item label="显示百分比">
          <Select aria-label="显示百分比" value={widget.style?.showPercent === false ? 'no' : 'yes'} options={[{ value: 'yes', label: '显示' }, { value: 'no', label: '不显示' }]} onChange={(v: string) => onChange({ ...widget, style: { ...widget.style, showPercent: v === 'yes' } })} />
        </Form.Item>
      )}
      <RefreshSetting widget={widget} onChange={onChange} />
    </Form>
  );
  return <ConfigPanels data={dataPanel} style={stylePanel} />;
}
