import type * as XL from 'exceljs';
import { defaultValues, definitionOf, encodeRecord, type FormContext, type StoredRow } from '@park/core';
import type { AuthContext } from '../auth/index.ts';
import { type TableModel, checkRow, type WriteContext } from '../form/worker.ts';
import { cellText, importCell, ImportLookups, plainCell, type CellValue } from './cellCodec.ts';
import type { ColumnSpec } from './columns.ts';
import type { SharedStringStore } from './sharedStrings.ts';

/* Sheet rows to stored rows, shared by the main sheet and the sub-table sheets of an import. */

export type Json = string | number | boolean | null;

/** The stored defaults of the controls a sheet does not fill (current user, default values). */
export function defaultsFor(table: TableModel, specs: ReadonlyArray<ColumnSpec | null>, auth: AuthContext, currentDate: string): StoredRow {
  const fctx: FormContext = {
    mode: 'add',
    currentDate,
    currentUser: { id: auth.user.id, realName: auth.user.realName, userType: auth.user.userType },
    ...(auth.user.companyId !== null ? { currentCompany: { id: auth.user.companyId } } : {}),
  };
  const mapped = new Set<string>();
  for (const s of specs) if (s?.control) for (const c of definitionOf(s.control)?.columns(s.control) ?? []) mapped.add(c.name);
  const all = encodeRecord(table.source, defaultValues(table.source, fctx));
  const out: StoredRow = {};
  for (const [k, v] of Object.entries(all)) if (!mapped.has(k)) out[k] = v;
  return out;
}

/** A cell kept for the error workbook: as read, dates as the text they would be imported as. */
export function keptValue(spec: ColumnSpec | null, value: CellValue): Json {
  if (value === null) return null;
  if (value instanceof Date || (spec?.family === 'date' && typeof value === 'number')) {
    const converted = spec ? importCell(spec, value, new ImportLookups()) : null;
    if (converted?.ok) {
      const text = Object.values(converted.columns)[0];
      if (typeof text === 'string') return text;
    }
    return cellText(value);
  }
  return value;
}

/** A cell's value, a shared-string reference resolved. */
export function cellValue(v: unknown, strings: SharedStringStore): CellValue {
  if (v !== null && typeof v === 'object' && typeof (v as { sharedString?: unknown }).sharedString === 'number') {
    return strings.get((v as { sharedString: number }).sharedString);
  }
  return plainCell(v);
}

/** The cells of columns startColumn … startColumn + width - 1 of a row. */
export function cellsOf(row: XL.Row, startColumn: number, width: number, strings: SharedStringStore): CellValue[] {
  const values = row.values as unknown[];
  const out: CellValue[] = [];
  for (let i = 0; i < width; i++) out.push(cellValue(values[startColumn + i], strings));
  return out;
}

/** Header cells: the row's non-empty span from startColumn. */
export function headerCellsOf(row: XL.Row, startColumn: number, strings: SharedStringStore): CellValue[] {
  const values = row.values as unknown[];
  let end = values.length - 1;
  while (end >= startColumn && cellValue(values[end], strings) === null) end--;
  return cellsOf(row, startColumn, Math.max(0, end - startColumn + 1), strings);
}

/** One row converted and validated: the stored row, or the reason it is rejected. */
export function convertRow(
  table: TableModel,
  specs: ReadonlyArray<ColumnSpec | null>,
  cells: CellValue[],
  lookups: ImportLookups,
  defaults: StoredRow,
  wctx: WriteContext,
): StoredRow | string {
  const input: Record<string, unknown> = { ...defaults };
  const problems: string[] = [];
  for (let i = 0; i < specs.length; i++) {
    const spec = specs[i];
    if (!spec) continue;
    const converted = importCell(spec, cells[i] ?? null, lookups);
    if (converted.ok) Object.assign(input, converted.columns);
    else problems.push(converted.error);
  }
  if (problems.length > 0) return problems.slice(0, 3).join('；');
  // The records' own preparation (the pure half of the records service), as the form's routes run it.
  const checked = checkRow(table, input, wctx);
  return checked.ok ? checked.row : checked.message;
}
