import type { Kysely } from 'kysely';
import {
  asNumber,
  cellText,
  definitionOf,
  escapeFormula,
  pickerLookupOf,
  storedText,
  str,
  traitsOf,
  unescapeFormula,
  type CellImport,
  type CellValue,
  type FormControl,
  type NameResolver,
  type RegionIndex,
  type SheetCodec,
  type SheetLookups,
} from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { ColumnSpec } from './columns.ts';
import type { ExportRule } from './settings.ts';

/**
 * Stored values ↔ cell text (spec 000 §3 stored shapes). Each control's definition in core carries
 * its Excel half (`definition.sheet`: the text a person reads, the cell read back, the template
 * note); this file applies an export's rules, escapes formulas, handles the system columns and
 * loads the lookup tables an import resolves names through.
 */

export { cellText, numberText, LIST_JOIN, type CellValue, type CellImport, type StoredColumns } from '@park/core';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The Excel half of a column's control (every control type has one: core's definition requires it). */
function sheetOf(control: FormControl): SheetCodec {
  return definitionOf(control)!.sheet;
}

// ---- export ---------------------------------------------------------------------------------

export interface ExportContext {
  /** Original names of the files the batch's upload fields name. */
  fileNames: ReadonlyMap<string, string>;
  rules: ReadonlyMap<string, ExportRule>;
}

function dateWithFormat(stored: string, format: string): string {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?)?)?$/.exec(stored.trim());
  if (!m) return stored;
  const parts: Record<string, string> = { yyyy: m[1]!, MM: m[2] ?? '01', dd: m[3] ?? '01', HH: m[4] ?? '00', mm: m[5] ?? '00', ss: m[6] ?? '00' };
  return format.replace(/yyyy|MM|dd|HH|hh|mm|ss/g, (t) => parts[t === 'hh' ? 'HH' : t]!);
}

/** The stored value of a column as the export's "value" rule writes it. */
function rawValue(spec: ColumnSpec, row: Json): string {
  const c = spec.control;
  return c ? sheetOf(c).valueText(c, spec.key, row) : storedText(row, spec.key);
}

/** The label a person reads for one column of a stored row. */
function labelValue(spec: ColumnSpec, row: Json, ctx: ExportContext): string | number {
  const c = spec.control;
  const raw = storedText(row, spec.key);
  if (!c || spec.family === 'system') return spec.key === 'create_time' || spec.key === 'update_time' ? raw : asNumber(raw);
  return sheetOf(c).exportText(c, raw, row, ctx);
}

/** One exported cell: labels, the column's rule applied, text escaped against formula injection. */
export function exportCell(spec: ColumnSpec, row: Json, ctx: ExportContext): string | number | null {
  const rule = ctx.rules.get(spec.key);
  let value: string | number;
  if (rule?.mapping) {
    const raw = rawValue(spec, row);
    value = Object.hasOwn(rule.mapping, raw) ? rule.mapping[raw]! : labelValue(spec, row, ctx);
  } else if (rule?.type === 'value') value = rawValue(spec, row);
  else value = labelValue(spec, row, ctx);
  if (rule?.dateFormat && typeof value === 'string' && (spec.family === 'date' || spec.family === 'system')) {
    value = dateWithFormat(value, rule.dateFormat);
  }
  if (typeof value === 'number') return value;
  return value === '' ? null : escapeFormula(value);
}

/** File ids named by the upload columns of these rows, for one name lookup per batch. */
export function uploadIdsOf(specs: readonly ColumnSpec[], rows: readonly Json[]): string[] {
  const cols = specs.filter((s) => s.family === 'upload' && s.control !== null && traitsOf(s.control).upload !== 'signature').map((s) => s.key);
  const ids = new Set<string>();
  if (cols.length === 0) return [];
  for (const row of rows) {
    for (const k of cols) for (const id of str(row[k]).split(',')) if (/^[1-9]\d{0,17}$/.test(id.trim())) ids.add(id.trim());
  }
  return [...ids];
}

// ---- reading cells --------------------------------------------------------------------------

/** An exceljs cell value reduced to a plain value: rich text joined, formulas by their cached result. */
export function plainCell(v: unknown): CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (isObject(v)) {
    if (Array.isArray(v.richText)) return v.richText.map((r) => (isObject(r) ? str(r.text) : '')).join('');
    if ('formula' in v || 'sharedFormula' in v) return plainCell(v.result);
    if ('text' in v) return plainCell(v.text);
    if ('error' in v) return null;
  }
  return null;
}

// ---- lookups (import) -----------------------------------------------------------------------

/** Names of one kind of record: id → label, and label (or an alternative name) → ids. */
class NameIndex implements NameResolver {
  readonly byId = new Map<string, string>();
  private readonly byName = new Map<string, string[]>();
  private readonly byAlt = new Map<string, string[]>();

  add(id: string, label: string, alt?: string | null) {
    this.byId.set(id, label);
    push(this.byName, label.trim(), id);
    if (alt) push(this.byAlt, alt.trim(), id);
  }

  /** The record a cell names: by id, by label, then by the alternative name (a login name). */
  resolve(text: string): { id: string; label: string } | string {
    if (this.byId.has(text)) return { id: text, label: this.byId.get(text)! };
    const ids = this.byName.get(text) ?? this.byAlt.get(text) ?? [];
    if (ids.length === 1) return { id: ids[0]!, label: this.byId.get(ids[0]!)! };
    return ids.length > 1 ? `“${text}”对应多条记录，请填写编号` : `“${text}”不存在`;
  }
}

function push(map: Map<string, string[]>, key: string, id: string) {
  if (!key) return;
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}

/**
 * The lookup tables an import needs, loaded once per job for the picker kinds its columns use.
 * Park directories are small (thousands of users), so whole tables fit in memory.
 */
export class ImportLookups implements SheetLookups {
  private readonly indexes = new Map<string, NameIndex>();
  region: RegionIndex | null = null;
  date1904 = false;

  static async load(db: Kysely<Database>, specs: ReadonlyArray<ColumnSpec | null>): Promise<ImportLookups> {
    const out = new ImportLookups();
    const kinds = new Set<string>();
    for (const s of specs) {
      if (!s?.control || (s.family !== 'picker' && s.family !== 'multiPicker')) continue;
      const kind = pickerLookupOf(s.control);
      if (kind !== 'data') kinds.add(kind);
    }
    for (const kind of kinds) out.indexes.set(kind, await loadIndex(db, kind));
    if (specs.some((s) => s?.family === 'region')) out.region = await loadRegions(db);
    return out;
  }

  namesFor(control: FormControl): NameResolver | null {
    const kind = pickerLookupOf(control);
    if (kind === 'data') return null;
    return this.indexes.get(kind) ?? null;
  }
}

async function loadIndex(db: Kysely<Database>, kind: string): Promise<NameIndex> {
  const index = new NameIndex();
  if (kind === 'user') {
    for (const r of await db.selectFrom('sys_user').select(['id', 'real_name', 'username']).orderBy('id').execute()) {
      index.add(r.id, r.real_name, r.username);
    }
  } else if (kind === 'org') {
    for (const r of await db.selectFrom('sys_org').select(['id', 'org_name', 'org_code']).orderBy('id').execute()) index.add(r.id, r.org_name, r.org_code);
  } else if (kind === 'role') {
    for (const r of await db.selectFrom('sys_role').select(['id', 'role_name', 'role_code']).orderBy('id').execute()) index.add(r.id, r.role_name, r.role_code);
  } else if (kind === 'company') {
    const rows = await db.selectFrom('sys_company').select(['id', 'company_name', 'company_code']).orderBy('id').execute();
    for (const r of rows) index.add(r.id, r.company_name, r.company_code);
  } else if (kind.startsWith('dic:')) {
    const rows = await db
      .selectFrom('sys_dic_catalog as c')
      .innerJoin('sys_dic_type as t', 't.id', 'c.type_id')
      .select(['c.code', 'c.name'])
      .where('t.type_code', '=', kind.slice(4))
      .orderBy('c.order_index')
      .orderBy('c.id')
      .execute();
    for (const r of rows) index.add(r.code, r.name);
  }
  return index;
}

async function loadRegions(db: Kysely<Database>): Promise<RegionIndex> {
  const rows = await db.selectFrom('sys_region').select(['code', 'name', 'parent_code', 'level']).execute();
  const children = new Map<string, Map<string, string>>();
  const names = new Map<string, string>();
  for (const r of rows) {
    const parent = r.level === 1 ? '' : (r.parent_code ?? '');
    let m = children.get(parent);
    if (!m) children.set(parent, (m = new Map()));
    if (!m.has(r.name)) m.set(r.name, r.code);
    m.set(r.code, r.code);
    names.set(r.code, r.name);
  }
  return { children, names };
}

// ---- import ---------------------------------------------------------------------------------

/**
 * One imported cell as the flat stored columns a post would carry. Validation proper (required,
 * patterns, ranges) is the form's own, run afterwards on the whole row.
 */
export function importCell(spec: ColumnSpec, value: CellValue, lookups: ImportLookups): CellImport {
  const c = spec.control;
  if (!c) return { ok: true, columns: {} };
  const sheet = sheetOf(c);
  const text = typeof value === 'string' ? unescapeFormula(value).trim() : cellText(value).trim();
  if (value === null || text === '') return { ok: true, columns: sheet.emptyCell(c, spec.key) };
  // System columns, files, formulas, layout and sub-tables are not read from a sheet.
  if (spec.family === 'system' || !sheet.readCell) return { ok: true, columns: {} };
  return sheet.readCell(spec, c, value, text, lookups);
}
