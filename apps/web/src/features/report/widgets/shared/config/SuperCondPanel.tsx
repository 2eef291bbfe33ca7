import { Button, Checkbox, Input, Select, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { MATCH } from './FilterPanel.tsx';
import { AGGREGATE_LABELS, allColumns, type DsMeta, type Json, type ReportWidget, type SuperCond } from '@park/core';

const AGGREGATES = (['none', 'sum', 'avg', 'count', 'distinct', 'max', 'min'] as const).map((v) => ({ value: v, label: AGGREGATE_LABELS[v] }));

/**
 * 高级条件 (superConds): named conditions the reader switches on and off as chips above the widget.
 * A measure's condition may compare its aggregate (the server filters groups, HAVING); 默认选中
 * keeps the value in `default`, the origin's mark of a condition that applies from the start.
 */
export function SuperCondPanel({ widget, meta, onChange }: { widget: ReportWidget; meta: DsMeta | undefined; onChange(w: ReportWidget, tag?: string): void }) {
  const data = (widget.data ?? {}) as Json;
  const conds = (Array.isArray(data.superConds) ? data.superConds : []) as SuperCond[];
  const cols = meta ? allColumns(meta) : [];
  const measures = new Set((meta?.measure ?? []).map((c) => c.id));
  const set = (next: SuperCond[], tag?: string) => onChange({ ...widget, data: { ...data, superConds: next } }, tag);
  const patch = (i: number, p: Partial<SuperCond>, tag?: string) =>
    set(
      conds.map((c, j) => {
        if (i !== j) return c;
        const next = { ...c, ...p };
        // A default follows the value it stands for.
        if (filled(c.default)) next.default = next.value;
        return next;
      }),
      tag,
    );
  const add = (id: string) => {
    const c = cols.find((x) => x.id === id);
    if (c) set([...conds, { label: c.alias || c.desc, condType: 'single', id: c.id, table: c.table, column: c.column, dataType: c.dataType, matchType: '$eq', value: '', ...(measures.has(c.id) ? { aggregate: 'sum' } : {}) }]);
  };
  return (
    <div className="rw-filters" aria-label="高级条件">
      {conds.map((c, i) => (
        <div key={`${c.column}-${i}`} className="rw-super-cfg">
          <Space.Compact block className="rw-filter">
            <Input size="small" aria-label="条件名称" style={{ width: 90 }} defaultValue={c.label} onBlur={(e) => patch(i, { label: e.target.value.trim() }, `super-label-${i}`)} />
            {c.aggregate !== undefined && (
              <Select size="small" style={{ width: 84 }} aria-label="条件聚合" value={String(c.aggregate)} options={AGGREGATES} onChange={(aggregate: string) => patch(i, { aggregate })} />
            )}
            <Select size="small" style={{ width: 76 }} aria-label="条件方式" value={c.matchType} options={MATCH} onChange={(matchType: string) => patch(i, { matchType })} />
            <Input size="small" aria-label="条件值" defaultValue={String(c.value ?? '')} onBlur={(e) => patch(i, { value: e.target.value.trim() }, `super-value-${i}`)} />
            <Button size="small" danger icon={<DeleteOutlined />} aria-label="删除高级条件" onClick={() => set(conds.filter((_, j) => j !== i))} />
          </Space.Compact>
          <Checkbox
            checked={filled(c.default)}
            onChange={(e) => set(conds.map((x, j) => (i === j ? withDefault(x, e.target.checked) : x)))}
          >
            默认选中（{cols.find((x) => x.id === c.id)?.desc ?? c.column}）
          </Checkbox>
        </div>
      ))}
      <Select size="small" className="rw-cfg-full" aria-label="添加高级条件" placeholder="添加高级条件" value={null as string | null} disabled={!meta} options={cols.map((c) => ({ value: c.id, label: c.alias || c.desc }))} onChange={(v) => v && add(v)} />
    </div>
  );
}

const filled = (v: unknown) => v !== undefined && v !== null && v !== '';

function withDefault(c: SuperCond, on: boolean): SuperCond {
  const { default: _d, ...rest } = c;
  return on ? { ...rest, default: rest.value } : rest;
}
