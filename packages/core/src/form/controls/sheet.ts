import { unescapeFormula } from '../lib/formulaEscape.ts';
import type { Column, FormControl } from '../types.ts';

/**
 * The Excel half of a control definition (issue 17): how a control's stored columns become the
 * cell a person reads, how a cell comes back, and what the import template says about the column.
 * Each family states all three in its own file, so a new family does not compile until it does.
 * Lookup tables (users, organisations, regions) are the server's; they arrive as `SheetLookups`.
 */

/** A cell as read from a workbook, reduced to a plain value. */
export type CellValue = string | number | boolean | Date | null;
export type StoredColumns = Record<string, string | null>;
/** A stored row as it arrives from the database. */
type RowInput = Readonly<Record<string, unknown>>;

/** A sheet column as the codec sees it: the control's main column and the header refusals name. */
export interface SheetField {
  readonly key: string;
  readonly header: string;
}

/** Records of one kind by id, by label, or by an alternative name (a login name). */
export interface NameResolver {
  /** The record a cell names, or the Chinese reason it names none or several. */
  resolve(text: string): { id: string; label: string } | string;
}

export interface RegionIndex {
  /** name or code → code, per parent code ('' for provinces). */
  children: Map<string, Map<string, string>>;
  names: Map<string, string>;
}

/** What an import loaded once per job for the columns it reads. */
export interface SheetLookups {
  /** The names a picker's cell may give, or null when its ids are kept as written (a data picker). */
  namesFor(control: FormControl): NameResolver | null;
  readonly region: RegionIndex | null;
  readonly date1904: boolean;
}

export interface SheetExportContext {
  /** Original names of the files the batch's upload fields name. */
  fileNames: ReadonlyMap<string, string>;
}

export type CellImport = { ok: true; columns: StoredColumns } | { ok: false; error: string };

/** A non-empty cell as stored columns; `text` is the cell as trimmed text, formula escape removed. */
/**
 * The values a template's drop-down offers for a column: the labels a cell may hold, and whether a
 * cell may join several (then the list only suggests, since Excel's list check takes one value).
 */
export interface SheetChoices {
  labels: string[];
  multiple: boolean;
}

export type ReadCell = (field: SheetField, control: FormControl, value: CellValue, text: string, lookups: SheetLookups) => CellImport;

export interface SheetCodec {
  /** The stored value as the export's "value" rule writes it: codes, not labels. */
  valueText(control: FormControl, key: string, row: RowInput): string;
  /** What a person reads: `raw` is the stored text of the main column. */
  exportText(control: FormControl, raw: string, row: RowInput, ctx: SheetExportContext): string | number;
  /** The columns an empty cell writes. */
  emptyCell(control: FormControl, key: string): StoredColumns;
  /** A non-empty cell read back; null when the family is never read from a sheet (files, formulas). */
  readCell: ReadCell | null;
  /** How to fill the column (the template's note), besides 必填; null when plain text says it. */
  hint(control: FormControl): string | null;
  /** The template's drop-down when the design itself lists the values; null when it does not. */
  choices(control: FormControl): SheetChoices | null;
}

/** The three a family must state; the stored value and the empty cell have a common form. */
export interface SheetParts {
  exportText: SheetCodec['exportText'];
  readCell: ReadCell | null;
  hint: SheetCodec['hint'];
  valueText?: SheetCodec['valueText'];
  emptyCell?: SheetCodec['emptyCell'];
  choices?: SheetCodec['choices'];
}

export function sheetCodec(parts: SheetParts): SheetCodec {
  return {
    valueText: parts.valueText ?? ((_c, key, row) => storedText(row, key)),
    emptyCell: parts.emptyCell ?? ((_c, key) => ({ [key]: null })),
    exportText: parts.exportText,
    readCell: parts.readCell,
    hint: parts.hint,
    choices: parts.choices ?? (() => null),
  };
}

/** How conditions treat one of a control's columns (spec 001 §3.6). */
export interface ColumnQuery {
  kind: 'number' | 'date' | 'string';
  sql: 'text' | 'numeric';
  /** For `$all`: comma-joined text, or the JSON text of `[{k,v}]` that m_ pickers store. */
  list?: 'comma' | 'json';
}

export type QueryKindOf = (control: FormControl, column: Column) => ColumnQuery;

/** Numbers compare as numbers; text columns hold comma-joined lists where they hold several values. */
export const queryByColumnType: QueryKindOf = (_control, column) =>
  column.sqlType === 'numeric' ? { kind: 'number', sql: 'numeric' } : { kind: 'string', sql: 'text', list: 'comma' };

// ---- shared cell helpers --------------------------------------------------------------------

export const LIST_JOIN = '、';
export const LIST_SPLIT = /[、,，;；]/;
export const REGION_JOIN = '/';

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : '');
export const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A timestamptz system column as the platform shows it (server local time). */
export function formatWall(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function storedText(row: RowInput, column: string): string {
  const v = row[column];
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return formatWall(v);
  return str(v);
}

const NUMBER_TEXT = /^[+-]?(\d+(\.\d+)?|\.\d+)$/;

/** Decimal text as a number when a double holds it exactly enough (15 significant digits). */
export function asNumber(text: string): number | string {
  if (!NUMBER_TEXT.test(text)) return text;
  const digits = text.replace(/^[+-]/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return digits.length <= 15 ? Number(text) : text;
}

export function numberText(n: number): string {
  if (!Number.isFinite(n)) return '';
  const text = String(n);
  if (!/e/i.test(text)) return text;
  if (Math.abs(n) < 1) return n.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
  return BigInt(Math.round(n)).toString();
}

/** A cell as the text a person sees, for the error workbook and text fields. */
export function cellText(v: CellValue): string {
  if (v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return numberText(v);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  const wall = { year: v.getUTCFullYear(), month: v.getUTCMonth() + 1, day: v.getUTCDate(), hour: v.getUTCHours(), minute: v.getUTCMinutes(), second: v.getUTCSeconds() };
  const date = `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
  return wall.hour || wall.minute || wall.second ? `${date} ${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}` : date;
}

/** A refusal of one cell, named by its header. */
export function failCell(field: SheetField, message: string): CellImport {
  return { ok: false, error: `${field.header}：${message}` };
}

/* Module-level helpers, not closures: tsx names every closure it creates (keepNames), a cost per call. */
export function onlyCell(field: SheetField, v: string | null): CellImport {
  return { ok: true, columns: { [field.key]: v } };
}

/** Every column of a multi-column control written empty. */
export function allEmpty(columns: Record<string, string | undefined>): StoredColumns {
  return Object.fromEntries(Object.values(columns).flatMap((k) => (k ? [[k, null]] : [])));
}

export const asStored: SheetCodec['exportText'] = (_c, raw) => raw;
export const noHint: SheetCodec['hint'] = () => null;

/** A text cell as written (escaped formulas restored), numbers and dates as a person reads them. */
export const readAsText: ReadCell = (field, _c, value, text) => onlyCell(field, typeof value === 'string' ? unescapeFormula(value) : text);
