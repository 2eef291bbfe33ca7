import { definitionOf, holdsColumns, isSubTable } from './registry.ts';
import { isRecord, modelOf } from './lib/values.ts';
import type { Column, ControlSource, FormControl } from './types.ts';

/** The top-level list of a form or a list of controls; malformed entries are skipped. */
export function listOf(source: unknown): FormControl[] {
  const list: unknown = Array.isArray(source) ? source : isRecord(source) ? source.list : undefined;
  return Array.isArray(list) ? list.filter((c): c is FormControl => isRecord(c) && typeof c.type === 'string') : [];
}

/** The controls inside a grid's columns. */
export function gridChildren(control: FormControl): FormControl[] {
  if (!holdsColumns(control) || !Array.isArray(control.columns)) return [];
  return control.columns.filter(isRecord).flatMap((column) => listOf(column.list));
}

/** A sub-table's own controls. */
export function subTableChildren(control: FormControl): FormControl[] {
  return isSubTable(control) ? listOf(control.tableColumns) : [];
}

/**
 * Visits every control of one table in document order, grids included and opened; a sub-table
 * is visited but not entered, because its controls belong to another table.
 */
export function walkControls(source: ControlSource, visit: (control: FormControl, parent: FormControl | null) => void): void {
  for (const [control, parent] of visitOrder(source)) visit(control, parent);
}

type Visit = readonly [FormControl, FormControl | null];

/* A frozen source cannot change (its owner freezes it deeply: the server's import does), so its
   walk is kept; validating imported rows walks the same design once per row otherwise. */
const FROZEN_WALKS = new WeakMap<object, readonly Visit[]>();

function visitOrder(source: ControlSource): readonly Visit[] {
  const frozen = Object.isFrozen(source);
  const hit = frozen ? FROZEN_WALKS.get(source) : undefined;
  if (hit) return hit;
  const out: Visit[] = [];
  const walk = (list: FormControl[], parent: FormControl | null) => {
    for (const control of list) {
      out.push([control, parent]);
      if (holdsColumns(control)) walk(gridChildren(control), control);
    }
  };
  walk(listOf(source), null);
  if (frozen) FROZEN_WALKS.set(source, out);
  return out;
}

/** The controls of one table without the grids that lay them out; sub-tables stay unopened. */
export function flattenControls(source: ControlSource): FormControl[] {
  const out: FormControl[] = [];
  walkControls(source, (control) => {
    if (!holdsColumns(control)) out.push(control);
  });
  return out;
}

/** The sub-table controls of a form, wherever a grid put them. */
export function subTablesOf(source: ControlSource): FormControl[] {
  return flattenControls(source).filter(isSubTable);
}

export interface StorageColumns {
  main: Column[];
  subTables: Array<{ subKey: string; name: string; columns: Column[] }>;
}

/** Data columns of a list of controls, first of each name kept (validateFormMeta reports clashes). */
export function columnsOf(source: ControlSource): Column[] {
  const seen = new Set<string>();
  const out: Column[] = [];
  for (const control of flattenControls(source)) {
    for (const column of definitionOf(control)?.columns(control) ?? []) {
      if (seen.has(column.name)) continue;
      seen.add(column.name);
      out.push(column);
    }
  }
  return out;
}

/** The data columns the form's tables need; system columns are the server's to add. */
export function storageColumns(source: ControlSource): StorageColumns {
  return {
    main: columnsOf(source),
    subTables: subTablesOf(source)
      .filter((table) => modelOf(table) !== '')
      .map((table) => ({
        subKey: modelOf(table),
        name: typeof table.name === 'string' ? table.name : modelOf(table),
        columns: columnsOf(subTableChildren(table)),
      })),
  };
}
