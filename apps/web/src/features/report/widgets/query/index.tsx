import { useMemo, useState, type ReactNode } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { allColumns, queryWidgetConditions, type Json, type QueryCondition, type ReportWidget } from '@park/core';
import { columnValuesOf } from '../../reportApi.ts';
import { useRuntime } from '../../viewer/runtime.tsx';
import { BasicConfig } from '../shared/BasicConfig.tsx';
import { DatasetPicker, useDatasetMeta } from '../shared/config/DatasetFields.tsx';
import { WidgetFrame, WidgetNote } from '../shared/WidgetFrame.tsx';
import type { WidgetConfigProps, WidgetRenderProps, WidgetUi } from '../types.ts';

const conditionsOf = (w: ReportWidget): QueryCondition[] => (Array.isArray(w.conditions) ? (w.conditions as QueryCondition[]) : []);
const datasetOf = (w: ReportWidget) => String(((w.data ?? {}) as Json).dataset ?? '');

function Options({ widget, c, value, onChange }: { widget: ReportWidget; c: QueryCondition; value: unknown; onChange(v: unknown): void }) {
  const rt = useRuntime();
  const args = rt.mode === 'view' && rt.reportId !== null ? { reportId: rt.reportId, widgetId: widget.id, key: c.key } : { dataset: datasetOf(widget), column: { id: c.id, table: c.table, column: c.column } };
  const { data = [] } = useQuery({ queryKey: ['report', 'column-values', args], queryFn: ({ signal }) => columnValuesOf(args, signal), staleTime: 60_000 });
  return <Select aria-label={c.label} allowClear mode={c.opt === '$all' ? 'multiple' : undefined} style={{ minWidth: 160 }} value={value as string | undefined} options={data.map((v) => ({ value: v, label: v }))} onChange={onChange} />;
}

interface QueryInputProps {
  widget: ReportWidget;
  c: QueryCondition;
  value: unknown;
  set(v: unknown): void;
}

/** The input of each kind of query condition (a typed map: a new kind does not compile without one). */
const QUERY_INPUTS: Record<QueryCondition['type'], (p: QueryInputProps) => ReactNode> = {
  select: ({ widget, c, value, set }) => <Options widget={widget} c={c} value={value} onChange={set} />,
  date: ({ c, set }) => (
    <DatePicker.RangePicker aria-label={c.label} onChange={(d: [Dayjs | null, Dayjs | null] | null) => set(d ? [d[0]?.format('YYYY-MM-DD'), d[1]?.format('YYYY-MM-DD 23:59:59')] : undefined)} />
  ),
  number: ({ c, value, set }) => <InputNumber aria-label={c.label} value={value as number | undefined} onChange={set} />,
  input: ({ c, value, set }) => <Input aria-label={c.label} allowClear value={String(value ?? '')} onChange={(e) => set(e.target.value)} />,
};

/** 查询控件: its conditions drive the other widgets on the page (only values entered make a condition). */
function QueryRenderer({ widget }: WidgetRenderProps) {
  const rt = useRuntime();
  const conditions = conditionsOf(widget);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const set = (key: string, v: unknown) => setValues((p) => ({ ...p, [key]: v }));
  const run = (vals: Record<string, unknown>) => {
    const conds = queryWidgetConditions(conditions, vals);
    rt.setLinkage(widget.id, conds.length ? { source: widget.id, dataset: datasetOf(widget), conds } : null);
  };
  if (conditions.length === 0) return <WidgetFrame widget={widget}><WidgetNote text="请添加查询条件" /></WidgetFrame>;
  return (
    <WidgetFrame widget={widget}>
      <Space wrap className="rw-query">
        {conditions.map((c) => (
          <label key={c.key} className="rw-query-item" data-key={c.key}>
            <span className="rw-query-label">{c.label}</span>
            {(Object.hasOwn(QUERY_INPUTS, c.type) ? QUERY_INPUTS[c.type] : QUERY_INPUTS.input)({ widget, c, value: values[c.key], set: (v) => set(c.key, v) })}
          </label>
        ))}
        <Button type="primary" onClick={() => run(values)}>
          查询
        </Button>
        <Button
          onClick={() => {
            setValues({});
            rt.resetFilters();
          }}
        >
          重置
        </Button>
      </Space>
    </WidgetFrame>
  );
}

const OPTS = [
  { value: '$eq', label: '等于' },
  { value: '$like', label: '包含' },
  { value: '$all', label: '多选' },
  { value: '$in', label: '范围' },
];
const TYPES = [
  { value: 'input', label: '文本框' },
  { value: 'select', label: '下拉选择' },
  { value: 'number', label: '数字' },
  { value: 'date', label: '日期范围' },
];

/** q1, q2, …: the first number no condition uses (keys name a condition in querycolumndata). */
function nextKey(conditions: readonly QueryCondition[]): string {
  let n = conditions.length + 1;
  while (conditions.some((c) => c.key === `q${n}`)) n++;
  return `q${n}`;
}

function QueryConfig({ widget, onChange }: WidgetConfigProps) {
  const meta = useDatasetMeta(datasetOf(widget));
  const conditions = conditionsOf(widget);
  const cols = useMemo(() => (meta ? allColumns(meta) : []), [meta]);
  const setConds = (next: QueryCondition[], tag?: string) => onChange({ ...widget, conditions: next, num: next.length }, tag);
  const add = (id: string) => {
    const c = cols.find((x) => x.id === id);
    if (!c) return;
    const type = c.dataType === 'Date' ? 'date' : c.dataType === 'Number' ? 'number' : 'select';
    setConds([...conditions, { key: nextKey(conditions), id: c.id, table: c.table, column: c.column, dataType: c.dataType, label: c.alias || c.desc, opt: type === 'date' ? '$in' : '$eq', type, style: { widthScale: 1 } }]);
  };
  return (
    <BasicConfig widget={widget} onChange={onChange}>
      <Form.Item label="数据集">
        <DatasetPicker widget={widget} onChange={(w) => onChange({ ...w, conditions: [], num: 0 })} clear={{}} />
      </Form.Item>
      <Form.Item label="查询条件">
        {conditions.map((c, i) => (
          <Space key={c.key} className="rw-query-cond" wrap>
            <Input aria-label="条件名称" size="small" style={{ width: 90 }} value={c.label} onChange={(e) => setConds(conditions.map((x, j) => (i === j ? { ...x, label: e.target.value } : x)), `label-${i}`)} />
            <Select aria-label="输入方式" size="small" style={{ width: 96 }} value={c.type} options={TYPES} onChange={(type: QueryCondition['type']) => setConds(conditions.map((x, j) => (i === j ? { ...x, type, opt: type === 'date' ? '$in' : x.opt === '$in' ? '$eq' : x.opt } : x)))} />
            <Select aria-label="匹配方式" size="small" style={{ width: 80 }} value={c.opt} options={OPTS} onChange={(opt: string) => setConds(conditions.map((x, j) => (i === j ? { ...x, opt } : x)))} />
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除条件${c.label}`} onClick={() => setConds(conditions.filter((_, j) => j !== i))} />
          </Space>
        ))}
        <Select aria-label="添加查询条件" placeholder={<span><PlusOutlined /> 添加查询条件</span>} value={null} className="rw-cfg-full" options={cols.map((c) => ({ value: c.id, label: c.alias || c.desc }))} onChange={add} disabled={!meta} />
      </Form.Item>
    </BasicConfig>
  );
}

export const queryWidget: WidgetUi = { Renderer: QueryRenderer, Config: QueryConfig };
