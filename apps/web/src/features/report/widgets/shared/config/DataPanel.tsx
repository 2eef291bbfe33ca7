import type { ReactNode } from 'react';
import { Collapse, Form } from 'antd';
import type { Json } from '@park/core';
import type { WidgetConfigProps } from '../../types.ts';
import { AxisSlots } from './AxisSlots.tsx';
import { DatasetPicker, FieldList, useDatasetMeta } from './DatasetFields.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { SuperCondPanel } from './SuperCondPanel.tsx';

interface DataPanelProps extends WidgetConfigProps {
  /** What choosing another dataset empties (the axes the widget kind has). */
  clear: Json;
  /** The kind's own settings, after the shared ones. */
  children?: ReactNode;
}

/**
 * The 数据 panel every dataset-reading widget starts with: the dataset, its fields, the kind's axis
 * slots, 过滤条件 and 高级条件; a kind adds its own settings below.
 */
export function DataPanel({ widget, kind, onChange, clear, children }: DataPanelProps) {
  const meta = useDatasetMeta(((widget.data ?? {}) as Json).dataset);
  return (
    <Form layout="vertical" size="small">
      <Form.Item label="数据集">
        <DatasetPicker widget={widget} onChange={onChange} clear={clear} />
      </Form.Item>
      <FieldList meta={meta} />
      <AxisSlots kind={kind} widget={widget} meta={meta} onChange={onChange} />
      <Form.Item label="过滤条件">
        <FilterPanel widget={widget} meta={meta} onChange={onChange} />
      </Form.Item>
      <Form.Item label="高级条件" extra="查看时显示为可切换的条件按钮">
        <SuperCondPanel widget={widget} meta={meta} onChange={onChange} />
      </Form.Item>
      {children}
    </Form>
  );
}

/** A widget's config: the 数据 and 样式 panels, both open. */
export function ConfigPanels({ data, style }: { data: ReactNode; style: ReactNode }) {
  return (
    <Collapse
      size="small"
      defaultActiveKey={['data', 'style']}
      items={[
        { key: 'data', label: '数据', children: data },
        { key: 'style', label: '样式', children: style },
      ]}
    />
  );
}
