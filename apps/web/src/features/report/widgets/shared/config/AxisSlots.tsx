import { useState } from 'react';
import { App, Button, Input, Popover, Select, Space, Tag } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import {
  addItemProblem,
  AGGREGATE_LABELS,
  aggregateProblem,
  allColumns,
  COMPOSITE_SERIES,
  itemLabel,
  newAxisItem,
  SORT_LABELS,
  WIDGET_DEFINITIONS,
  type AxisItem,
  type AxisName,
  type AxisSlot,
  type DsMeta,
  type Json,
  type ReportWidget,
  type WidgetKind,
} from '@park/core';
import { COLUMN_MIME } from './DatasetFields.tsx';

const AGGREGATES = (['sum', 'avg', 'count', 'distinct', 'max', 'min'] as const).map((v) => ({ value: v, label: AGGREGATE_LABELS[v] }));
const TABLE_AGGREGATES = [{ value: 'none', label: AGGREGATE_LABELS.none }, ...AGGREGATES];
const SORTS = Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label }));
const SERIES = Object.entries(COMPOSITE_SERIES).map(([value, label]) => ({ value, label }));

interface ItemEditorProps {
  kind: WidgetKind;
  slot: AxisSlot;
  item: AxisItem;
  onPatch(patch: Partial<AxisItem>): void;
}

/** An axis item's settings: aggregate (value axes and table columns), sort, alias, series type. */
function ItemEditor({ kind, slot, item, onPatch }: ItemEditorProps) {
  const measure = slot.axis === 'valueAxis' || slot.axis === 'viceValueAxis';
  return (
    <Space orientation="vertical" size={6} className="rw-item-editor">
      {(measure || slot.axis === 'cols') && (
        <label>
          聚合方式
          <Select aria-label="聚合方式" size="small" value={item.aggregate ?? 'none'} options={measure ? AGGREGATES : TABLE_AGGREGATES} onChange={(aggregate: string) => onPatch({ aggregate })} />
        </label>
      )}
      <label>
        排序
        <Select aria-label="排序" size="small" value={item.sort ?? 'none'} options={SORTS} onChange={(sort: string) => onPatch({ sort })} />
      </label>
      <label>
        别名
        <Input aria-label="别名" size="small" maxLength={32} defaultValue={item.alias} onBlur={(e) => onPatch({ alias: e.target.value.trim() })} />
      </label>
      {kind === 'composite' && measure && (
        <label>
          图形
          <Select aria-label="图形" size="small" value={(item.seriesType as string | undefined) ?? (slot.axis === 'viceValueAxis' ? 'line' : 'column')} options={SERIES} onChange={(seriesType: string) => onPatch({ seriesType })} />
        </label>
      )}
    </Space>
  );
}

/**
 * The axis panels of a widget kind: drop a dataset column on one (§5 limits checked before it
 * lands, with the spec's messages), set each item's aggregate, sort and alias, or remove it.
 */
export function AxisSlots({ kind, widget, meta, onChange }: { kind: WidgetKind; widget: ReportWidget; meta: DsMeta | undefined; onChange(w: ReportWidget, tag?: string): void }) {
  const { message } = App.useApp();
  const [over, setOver] = useState<AxisName | null>(null);
  const data = (widget.data ?? {}) as Json;
  const list = (axis: AxisName) => (Array.isArray(data[axis]) ? (data[axis] as AxisItem[]) : []);
  const setList = (axis: AxisName, items: AxisItem[], tag?: string) => onChange({ ...widget, data: { ...data, [axis]: items } }, tag);

  const drop = (slot: AxisSlot, columnId: string) => {
    const col = meta ? allColumns(meta).find((c) => c.id === columnId) : undefined;
    if (!col) return;
    const item = newAxisItem(col, slot.axis);
    const problem = addItemProblem(kind, data, slot.axis, item);
    if (problem) {
      void message.warning(problem);
      return;
    }
    setList(slot.axis, [...list(slot.axis), item]);
  };

  const patch = (slot: AxisSlot, index: number, p: Partial<AxisItem>) => {
    if (p.aggregate !== undefined) {
      const problem = aggregateProblem(data, slot.axis, index, p.aggregate);
      if (problem) {
        void message.warning(problem);
        return;
      }
    }
    setList(slot.axis, list(slot.axis).map((it, i) => (i === index ? { ...it, ...p } : it)), `${slot.axis}-${index}`);
  };

  return (
    <div className="rw-axes">
      {WIDGET_DEFINITIONS[kind].axes.map((slot) => (
        <div
          key={slot.axis}
          className={`rw-axis ${over === slot.axis ? 'rw-axis-over' : ''}`}
          data-axis={slot.axis}
          aria-label={slot.label}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(slot.axis);
          }}
          onDragLeave={() => setOver(null)}
          onDrop={(e) => {
            e.preventDefault();
            setOver(null);
            drop(slot, e.dataTransfer.getData(COLUMN_MIME) || e.dataTransfer.getData('text/plain'));
          }}
        >
          <div className="rw-axis-label">{slot.label}</div>
          <div className="rw-axis-items">
            {list(slot.axis).length === 0 && <span className="rw-axis-empty">拖入字段</span>}
            {list(slot.axis).map((item, i) => (
              <Tag key={`${item.id}-${i}`} className="rw-axis-item" closable closeIcon={<span aria-label={`移除${itemLabel(item)}`}>×</span>} onClose={() => setList(slot.axis, list(slot.axis).filter((_, j) => j !== i))}>
                <span>{itemLabel(item)}</span>
                {item.aggregate && item.aggregate !== 'none' && <span className="rw-axis-agg">（{AGGREGATE_LABELS[item.aggregate as keyof typeof AGGREGATE_LABELS] ?? item.aggregate}）</span>}
                <Popover trigger="click" title={`${itemLabel(item)} 设置`} content={<ItemEditor kind={kind} slot={slot} item={item} onPatch={(p) => patch(slot, i, p)} />}>
                  <Button type="text" size="small" icon={<SettingOutlined />} aria-label={`设置${itemLabel(item)}`} />
                </Popover>
              </Tag>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
