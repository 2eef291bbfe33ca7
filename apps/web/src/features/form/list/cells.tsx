import { useState, type ComponentType } from 'react';
import { Button } from 'antd';
import { definitionOf, traitsOf, uploadItems, type ControlFamily, type FormControl } from '@park/core';
import { widgetOf } from '../../../controls/registry.ts';
import { ImageViewer } from '../../../controls/upload/ImageViewer.tsx';
import type { ListRow } from './api.ts';

export interface CellProps {
  control: FormControl;
  row: ListRow;
}

/** The editor value of a stored row, through the control's own codec (the form runtime's). */
function valueOf(control: FormControl, row: ListRow): unknown {
  return definitionOf(control)?.codec.fromStored(row, control) ?? null;
}

const Empty = () => <span className="list-cell-empty">-</span>;

/**
 * The control's own text (its widget in controls/registry): option and picker labels instead of
 * ids, region names, a map field's address, m_ lists as their labels, a switch's openMsg or
 * closeMsg ('0' is on), dates in the control's format.
 */
function WidgetTextCell({ control, row }: CellProps) {
  const widget = widgetOf(control.type);
  const text = widget ? widget.text(valueOf(control, row), control) : '';
  return text === '' ? <Empty /> : <>{text}</>;
}

/** Images (and signatures) are 暂无 or a 查看 link to the image viewer (spec 002 §8). */
function ImageCell({ control, row }: CellProps) {
  const [open, setOpen] = useState(false);
  const items = uploadItems(valueOf(control, row)) ?? [];
  if (items.length === 0) return <span className="list-cell-none">暂无</span>;
  return (
    <>
      <Button type="link" size="small" className="list-cell-link" onClick={() => setOpen(true)}>
        查看
      </Button>
      <ImageViewer images={items} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function UploadCell(props: CellProps) {
  return traitsOf(props.control).upload === 'file' ? <WidgetTextCell {...props} /> : <ImageCell {...props} />;
}

/** Sub-tables and layout never become columns; drawn as nothing should one slip through. */
const NoCell = () => <Empty />;

/** One renderer per control family (a typed map, exhaustive over core's families). */
export const CELL_RENDERERS: Readonly<Record<ControlFamily, ComponentType<CellProps>>> = {
  text: WidgetTextCell,
  number: WidgetTextCell,
  choice: WidgetTextCell,
  switch: WidgetTextCell,
  date: WidgetTextCell,
  upload: UploadCell,
  picker: WidgetTextCell,
  multiPicker: WidgetTextCell,
  region: WidgetTextCell,
  gis: WidgetTextCell,
  formula: WidgetTextCell,
  subTable: NoCell,
  layout: NoCell,
};

/** A cell of a result column: the control's family renderer, or the plain text of a system column. */
export function ResultCell({ control, row, columnKey }: { control: FormControl | null; row: ListRow; columnKey: string }) {
  if (!control) {
    const v = row[columnKey];
    return v === null || v === undefined || v === '' ? <Empty /> : <>{String(v)}</>;
  }
  const family = definitionOf(control)?.family;
  const Renderer = family ? CELL_RENDERERS[family] : WidgetTextCell;
  return <Renderer control={control} row={row} />;
}
