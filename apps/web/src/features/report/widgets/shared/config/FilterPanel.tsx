import { Button, Input, Select, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { allColumns, type DsMeta, type Json, type ReportWidget } from '@park/core';

interface Filter extends Json {
  condType: 'single';
  id: string;
  table: string;
  column: string;
  dataType: string;
  matchType: string;
  value: string;
}

/** The match types a widget's fixed filters and its 高级条件 offer. */
export const MATCH = [
  { value: '$eq', label: '等于' },
  { value: '$neq', label: '不等于' },
  { value: '$like', label: '包含' },
  { value: '$gt', label: '大于' },
  { value: '$lt', label: '小于' },
];

/**
 * 过滤条件 (condFilters): fixed conditions every query of the widget carries, in the origin's
 * condition shape; the server checks columns and match types as for any condition.
 */
export function FilterPanel({ widget, meta, onChange }: { widget: ReportWidget; meta: DsMeta | undefined; onChange(w: ReportWidget, tag?: string): void }) {
  const data = (widget.data ?? {}) as Json;
  const filters = (Array.isArray(data.condFilters) ? data.condFilters : []) as Filter[];
  const cols = meta ? allColumns(meta) : [];
  const set = (next: Filter[], tag?: string) => onChange({ ...widget, data: { ...data, condFilters: next } }, tag);
  const add = (id: string) => {
    const c = cols.find((x) => x.id === id);
    if (c) set([...filters, { condType: 'single', id: c.id, table: c.table, column: c.column, dataType: c.dataType, matchType: '$eq', value: '' }]);
  };
  return (
    <div className="rw-filters" aria-label="过滤条件">
      {filters.map((f, i) => (
        <Space.Compact key={`${f.id}-${i}`} block className="rw-filter">
          <Input size="small" readOnly style={{ width: 90 }} value={cols.find((c) => c.id === f.id)?.desc ?? f.column} aria-label="过滤字段" />
          <Select size="small" style={{ width: 84 }} aria-label="过滤方式" value={f.matchType} options={MATCH} onChange={(matchType: string) => set(filters.map((x, j) => (i === j ? { ...x, matchType } : x)))} />
          <Input size="small" aria-label="过滤值" defaultValue={f.value} onBlur={(e) => set(filters.map((x, j) => (i === j ? { ...x, value: e.target.value.trim() } : x)), `filter-${i}`)} />
          <Button size="small" danger icon={<DeleteOutlined />} aria-label="删除过滤条件" onClick={() => set(filters.filter((_, j) => j !== i))} />
        </Space.Compact>
      ))}
      <Select size="small" className="rw-cfg-full" aria-label="添加过滤条件" placeholder="添加过滤条件" value={null as string | null} disabled={!meta} options={cols.map((c) => ({ value: c.id, label: c.alias || c.desc }))} onChange={(v) => v && add(v)} />
    </div>
  );
}
