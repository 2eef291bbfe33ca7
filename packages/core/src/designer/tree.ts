/**
 * Where controls sit in a design: the form's list, a grid column, a sub-table's columns. Every
 * operation here returns a new FormMeta and shares the untouched parts, so the designer's undo
 * history can keep whole designs cheaply and restore them exactly.
 */
import { holdsColumns, isSubTable } from '../form/registry.ts';
import type { FormControl, FormMeta, GridColumn } from '../form/types.ts';

export type Slot =
  | { kind: 'root' }
  | { kind: 'grid'; gridKey: string; column: number }
  | { kind: 'table'; tableKey: string };

/** A position in a slot's list. */
export interface Place {
  slot: Slot;
  index: number;
}

export interface Located {
  control: FormControl;
  place: Place;
  /** The sub-table whose column this control is. */
  parentTable?: FormControl;
}

export const ROOT: Slot = { kind: 'root' };

export function sameSlot(a: Slot, b: Slot): boolean {
  if (a.kind === 'root' || b.kind === 'root') return a.kind === b.kind;
  if (a.kind === 'grid' && b.kind === 'grid') return a.gridKey === b.gridKey && a.column === b.column;
  return a.kind === 'table' && b.kind === 'table' && a.tableKey === b.tableKey;
}

const keyOf = (c: FormControl) => (typeof c.key === 'string' ? c.key : '');
const columnsOf = (grid: FormControl): GridColumn[] => (Array.isArray(grid.columns) ? grid.columns : []);
const listIn = (value: unknown): FormControl[] => (Array.isArray(value) ? (value as FormControl[]) : []);

/** Locate-by-key: the control, the list it sits in and, for a sub-table column, its table. */
export function findControl(meta: FormMeta, key: string): Located | undefined {
  const search = (list: FormControl[], slot: Slot, table?: FormControl): Located | undefined => {
    for (const [index, control] of list.entries()) {
      if (keyOf(control) === key) return { control, place: { slot, index }, parentTable: table };
      if (holdsColumns(control)) {
        for (const [column, col] of columnsOf(control).entries()) {
          const hit = search(listIn(col.list), { kind: 'grid', gridKey: keyOf(control), column }, table);
          if (hit) return hit;
        }
      }
      if (isSubTable(control)) {
        const hit = search(listIn(control.tableColumns), { kind: 'table', tableKey: keyOf(control) }, control);
        if (hit) return hit;
      }
    }
    return undefined;
  };
  return key === '' ? undefined : search(meta.list, ROOT);
}

/** The controls of a slot, or undefined when its grid or table is gone. */
export function listAt(meta: FormMeta, slot: Slot): FormControl[] | undefined {
  if (slot.kind === 'root') return meta.list;
  const owner = findControl(meta, slot.kind === 'grid' ? slot.gridKey : slot.tableKey)?.control;
  if (!owner) return undefined;
  if (slot.kind === 'grid') {
    const column = holdsColumns(owner) ? columnsOf(owner)[slot.column] : undefined;
    return column ? listIn(column.list) : undefined;
  }
  return isSubTable(owner) ? listIn(owner.tableColumns) : undefined;
}

/** Replaces the list of one slot through `change`; the rest of the design is shared. */
export function mapSlot(meta: FormMeta, slot: Slot, change: (list: FormControl[]) => FormControl[]): FormMeta {
  if (slot.kind === 'root') return { ...meta, list: change(meta.list) };
  const ownerKey = slot.kind === 'grid' ? slot.gridKey : slot.tableKey;
  return mapControl(meta, ownerKey, (owner) => {
    if (slot.kind === 'grid') {
      const columns = columnsOf(owner).map((col, i) => (i === slot.column ? { ...col, list: change(listIn(col.list)) } : col));
      return { ...owner, columns };
    }
    return { ...owner, tableColumns: change(listIn(owner.tableColumns)) };
  });
}

/** Replaces one control, wherever it sits. */
export function mapControl(meta: FormMeta, key: string, change: (control: FormControl) => FormControl): FormMeta {
  let done = false;
  const walk = (list: FormControl[]): FormControl[] => {
    let changed = false;
    const out = list.map((control) => {
      if (done) return control;
      if (keyOf(control) === key) {
        done = true;
        changed = true;
        return change(control);
      }
      let next = control;
      if (holdsColumns(control)) {
        const columns = columnsOf(control).map((col) => {
          const inner = walk(listIn(col.list));
          return inner === col.list ? col : { ...col, list: inner };
        });
        if (columns.some((col, i) => col !== columnsOf(control)[i])) next = { ...control, columns };
      } else if (isSubTable(control)) {
        const inner = walk(listIn(control.tableColumns));
        if (inner !== control.tableColumns) next = { ...control, tableColumns: inner };
      }
      if (next !== control) changed = true;
      return next;
    });
    return changed ? out : list;
  };
  const list = walk(meta.list);
  return list === meta.list ? meta : { ...meta, list };
}

/** Every control of the design, grids and sub-tables opened. */
export function allControls(meta: FormMeta): FormControl[] {
  const out: FormControl[] = [];
  const walk = (list: FormControl[]) => {
    for (const control of list) {
      out.push(control);
      if (holdsColumns(control)) for (const col of columnsOf(control)) walk(listIn(col.list));
      if (isSubTable(control)) walk(listIn(control.tableColumns));
    }
  };
  walk(meta.list);
  return out;
}

/** The control and everything inside it. */
export function selfAndInside(control: FormControl): FormControl[] {
  return allControls({ list: [control], config: {} });
}
