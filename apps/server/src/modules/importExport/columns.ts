import { definitionOf, traitsOf, type ControlFamily, type FormControl } from '@park/core';
import type { TableModel } from '../form/worker.ts';
import type { SheetColumn } from './settings.ts';

export type ColumnFamily = ControlFamily | 'system';

/** One sheet column: a control of the main table, or a system column (export only). */
export interface ColumnSpec {
  key: string;
  header: string;
  control: FormControl | null;
  family: ColumnFamily;
}

/* System columns a list may show and an export may write; never imported. */
const SYSTEM_HEADERS: Record<string, string> = {
  id: '编号',
  create_time: '创建时间',
  update_time: '更新时间',
  create_by: '创建人编号',
};


const nameOf = (c: FormControl) => (typeof c.name === 'string' && c.name.trim() ? c.name.trim() : String(c.model ?? ''));

/** Value controls of the table in design order, by model (first of a model wins). */
function valueControls(table: TableModel): Map<string, FormControl> {
  const out = new Map<string, FormControl>();
  for (const c of table.controls) {
    const model = typeof c.model === 'string' ? c.model.trim() : '';
    const family = definitionOf(c)?.family;
    if (!model || !family || family === 'layout' || family === 'subTable' || out.has(model)) continue;
    out.set(model, c);
  }
  return out;
}

/**
 * Files cannot travel in a workbook and formulas are recomputed (their definitions read no cell);
 * current_user is the importer.
 */
export function isImportable(spec: ColumnSpec): boolean {
  const c = spec.control;
  return c !== null && spec.family !== 'system' && definitionOf(c)?.sheet.readCell != null && traitsOf(c).imported;
}

function specOf(controls: Map<string, FormControl>, key: string, header: string, allowSystem: boolean): ColumnSpec | null {
  const control = controls.get(key);
  if (control) return { key, header: header || nameOf(control), control, family: definitionOf(control)!.family };
  if (allowSystem && Object.hasOwn(SYSTEM_HEADERS, key)) return { key, header: header || SYSTEM_HEADERS[key]!, control: null, family: 'system' };
  return null;
}

/** Export columns: the configured list (unknown keys dropped), else every value control in design order. */
export function exportColumns(table: TableModel, configured: SheetColumn[] | null): ColumnSpec[] {
  const controls = valueControls(table);
  if (configured) {
    const specs = configured.flatMap((c) => specOf(controls, c.key, c.name, true) ?? []);
    if (specs.length > 0) return specs;
  }
  return [...controls.keys()].map((k) => specOf(controls, k, '', false)!);
}

/**
 * Import columns by position: entry i is sheet column startColumn + i, null where the
 * configured key is empty, unknown or not importable. Without a configured list: every
 * importable control in design order (the template's layout).
 */
export function importColumns(table: TableModel, configured: SheetColumn[] | null): Array<ColumnSpec | null> {
  const controls = valueControls(table);
  if (configured) {
    const specs = configured.map((c) => {
      const spec = specOf(controls, c.key, c.name, false);
      return spec && isImportable(spec) ? spec : null;
    });
    if (specs.some((s) => s !== null)) return specs;
  }
  return [...controls.keys()].map((k) => specOf(controls, k, '', false)!).filter(isImportable);
}

/**
 * Import columns matched by header text (the layout was not configured): a header equal to a
 * control's name, or to its model, maps that column. Unknown headers are ignored.
 */
export function importColumnsByHeader(table: TableModel, headers: string[]): Array<ColumnSpec | null> {
  const controls = valueControls(table);
  const byName = new Map<string, ColumnSpec>();
  for (const [model, control] of controls) {
    const spec = specOf(controls, model, '', false)!;
    if (!isImportable(spec)) continue;
    if (!byName.has(nameOf(control))) byName.set(nameOf(control), spec);
    if (!byName.has(model)) byName.set(model, spec);
  }
  const used = new Set<string>();
  return headers.map((h) => {
    const spec = byName.get(h.trim().replace(/^\*/, '').trim());
    if (!spec || used.has(spec.key)) return null;
    used.add(spec.key);
    return { ...spec, header: h.trim() };
  });
}
