import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { moveItem } from '@park/core';

/**
 * An ordered list of entries edited in place: each row's own fields, then move up, move down and
 * remove. Every list of the settings editor (conditions, columns, buttons, sheet columns, rules,
 * jump parameters) is one of these.
 */
export function RowList<T>({
  items,
  onChange,
  renderRow,
  onAdd,
  addLabel,
  empty,
  testId,
  rowLabel,
}: {
  items: readonly T[];
  onChange: (next: T[]) => void;
  /** The row's fields; `set` replaces the entry. */
  renderRow: (item: T, index: number, set: (next: T) => void) => ReactNode;
  onAdd?: () => void;
  addLabel?: string;
  empty?: string;
  testId?: string;
  /** Read by screen readers on the row's buttons, e.g. "查询条件 2". */
  rowLabel: (item: T, index: number) => string;
}) {
  const set = (i: number) => (next: T) => onChange(items.map((x, j) => (j === i ? next : x)));
  return (
    <div className="ls-list" data-testid={testId}>
      {items.length === 0 && <div className="ls-empty">{empty ?? '暂无'}</div>}
      {items.map((item, i) => (
        <div className="ls-row" key={i} data-testid={testId ? `${testId}-row` : undefined}>
          <div className="ls-row-fields">{renderRow(item, i, set(i))}</div>
          <div className="ls-row-tools">
            <Tooltip title="上移">
              <Button size="small" type="text" aria-label={`上移 ${rowLabel(item, i)}`} disabled={i === 0} icon={<ArrowUpOutlined aria-hidden="true" />} onClick={() => onChange(moveItem(items, i, i - 1))} />
            </Tooltip>
            <Tooltip title="下移">
              <Button
                size="small"
                type="text"
                aria-label={`下移 ${rowLabel(item, i)}`}
                disabled={i === items.length - 1}
                icon={<ArrowDownOutlined aria-hidden="true" />}
                onClick={() => onChange(moveItem(items, i, i + 1))}
              />
            </Tooltip>
            <Tooltip title="删除">
              <Button size="small" type="text" danger aria-label={`删除 ${rowLabel(item, i)}`} icon={<DeleteOutlined aria-hidden="true" />} onClick={() => onChange(items.filter((_x, j) => j !== i))} />
            </Tooltip>
          </div>
        </div>
      ))}
      {onAdd && (
        <Button type="dashed" block icon={<PlusOutlined aria-hidden="true" />} onClick={onAdd}>
          {addLabel ?? '添加'}
        </Button>
      )}
    </div>
  );
}
