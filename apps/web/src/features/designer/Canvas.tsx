import { createContext, useContext, type MouseEvent, type ReactNode } from 'react';
import { Button, Col, Empty, Row, Tooltip } from 'antd';
import { CopyOutlined, DeleteOutlined, DragOutlined } from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import { horizontalListSortingStrategy, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { holdsColumns, isSubTable, ROOT, type DesignProblems, type FormControl, type FormMeta, type Slot } from '@park/core';
import { nameOf, num } from '../../controls/common/values.ts';
import { slotId, tableBoxId, type DragData } from './dnd.ts';
import { ControlPreview } from './ControlPreview.tsx';
import type { DesignerActions } from './useDesigner.ts';

interface CanvasScope {
  selected: string | null;
  problems: DesignProblems;
  actions: DesignerActions;
  labelWidth: number;
}

const Scope = createContext<CanvasScope | null>(null);

function useScope(): CanvasScope {
  const scope = useContext(Scope);
  if (!scope) throw new Error('canvas parts must be drawn inside Canvas');
  return scope;
}

const keyOf = (c: FormControl, i: number) => (typeof c.key === 'string' && c.key ? c.key : `${String(c.type)}-${i}`);

/** A list that takes drops: the form, a grid column or a sub-table's columns. */
function SlotList({
  slot,
  list,
  horizontal = false,
  empty,
  className,
}: {
  slot: Slot;
  list: FormControl[];
  horizontal?: boolean;
  empty: ReactNode;
  className: string;
}) {
  const id = slotId(slot);
  const { setNodeRef, isOver } = useDroppable({ id, data: { dropSlot: slot } });
  return (
    <SortableContext id={id} items={list.map(keyOf)} strategy={horizontal ? horizontalListSortingStrategy : verticalListSortingStrategy}>
      <div ref={setNodeRef} className={`${className}${isOver ? ' dz-over' : ''}`} data-slot={id}>
        {list.length === 0 ? <div className="dz-empty">{empty}</div> : list.map((c, i) => <CanvasItem key={keyOf(c, i)} control={c} slot={slot} />)}
      </div>
    </SortableContext>
  );
}

function GridBody({ control }: { control: FormControl }) {
  const columns = Array.isArray(control.columns) ? control.columns : [];
  const gutter = num(control.options?.gutter) ?? 0;
  return (
    <Row gutter={gutter} className="dz-grid" wrap={false}>
      {columns.map((column, i) => (
        <Col key={i} span={Math.min(24, Math.max(1, num(column.span) ?? 12))}>
          <SlotList
            slot={{ kind: 'grid', gridKey: String(control.key), column: i }}
            list={Array.isArray(column.list) ? column.list : []}
            empty="拖拽控件到此列"
            className="dz-slot dz-grid-col"
          />
        </Col>
      ))}
    </Row>
  );
}

/**
 * A sub-table: its whole box, title included, takes drops into its columns (issue 26: a drop on
 * the title of a sub-table that was the form's last control went into the form instead). The
 * item's own narrow edge still places a control before or after the sub-table.
 */
function TableBody({ control }: { control: FormControl }) {
  const slot: Slot = { kind: 'table', tableKey: String(control.key) };
  const { setNodeRef, isOver } = useDroppable({ id: tableBoxId(slot), data: { dropSlot: slot } });
  return (
    <div ref={setNodeRef} className={`dz-table${isOver ? ' dz-over' : ''}`}>
      <div className="dz-table-title">{nameOf(control)}</div>
      <SlotList
        slot={slot}
        list={Array.isArray(control.tableColumns) ? control.tableColumns : []}
        horizontal
        empty="字段控件可以拖入或点击添加：拖到子表单框内，或选中子表单后点击左侧控件，成为子表的列"
        className="dz-slot dz-table-cols"
      />
    </div>
  );
}

/** One control on the canvas: drawn as the runtime draws it, selectable, draggable. */
function CanvasItem({ control, slot }: { control: FormControl; slot: Slot }) {
  const { selected, problems, actions, labelWidth } = useScope();
  const key = String(control.key ?? '');
  const data: DragData & { slot: Slot } = { from: 'canvas', key, slot };
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: key, data });
  const isSelected = selected === key;
  const errors = problems.byKey.get(key) ?? [];
  const select = (e: MouseEvent) => {
    e.stopPropagation();
    actions.select(key);
  };
  const body =
    holdsColumns(control) ? (
      <GridBody control={control} />
    ) : isSubTable(control) ? (
      <TableBody control={control} />
    ) : (
      <ControlPreview control={control} labelWidth={slot.kind === 'table' ? 0 : labelWidth} inColumn={slot.kind === 'table'} />
    );
  return (
    <div
      ref={setNodeRef}
      style={{ transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined, transition }}
      className={[
        'dz-item',
        `dz-item-${String(control.type)}`,
        slot.kind === 'table' ? 'dz-item-column' : '',
        isSelected ? 'dz-selected' : '',
        errors.length > 0 ? 'dz-invalid' : '',
        isDragging ? 'dz-dragging' : '',
      ]
        .filter(Boolean)
        .join(' ')}
      data-key={key}
      data-type={String(control.type)}
      data-name={nameOf(control)}
      onClick={select}
      {...attributes}
      {...listeners}
      role="button"
      tabIndex={0}
      aria-label={nameOf(control) || String(control.type)}
      aria-pressed={isSelected}
    >
      {body}
      {errors.length > 0 && (
        <div className="dz-errors" role="alert">
          {errors.map((m) => (
            <div key={m}>{m}</div>
          ))}
        </div>
      )}
      <span className="dz-model">{typeof control.model === 'string' ? control.model : ''}</span>
      {isSelected && (
        <div className="dz-tools" onClick={(e) => e.stopPropagation()}>
          <DragOutlined className="dz-handle" aria-hidden />
          <Tooltip title="复制 (Ctrl+C, Ctrl+V)">
            <Button size="small" type="primary" icon={<CopyOutlined />} aria-label="复制控件" onClick={() => actions.copy(key)} />
          </Tooltip>
          <Tooltip title="删除 (Delete)">
            <Button size="small" danger type="primary" icon={<DeleteOutlined />} aria-label="删除控件" onClick={() => actions.remove(key)} />
          </Tooltip>
        </div>
      )}
    </div>
  );
}

export interface CanvasProps {
  meta: FormMeta;
  selected: string | null;
  problems: DesignProblems;
  actions: DesignerActions;
}

/** The form being designed, at the width and label width it will have. */
export function Canvas({ meta, selected, problems, actions }: CanvasProps) {
  const labelWidth = num(meta.config.labelWidth) ?? 100;
  return (
    <Scope.Provider value={{ selected, problems, actions, labelWidth }}>
      <div className="dz-canvas" data-testid="designer-canvas" onClick={() => actions.select(null)}>
        <SlotList
          slot={ROOT}
          list={meta.list}
          empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="从左侧拖拽或点击控件，添加到表单" />}
          className="dz-slot dz-root"
        />
      </div>
    </Scope.Provider>
  );
}
