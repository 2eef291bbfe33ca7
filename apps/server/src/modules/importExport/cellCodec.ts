import type { Kysely } from 'kysely';
import {
  allowedValues,
  gisColumnsOf,
  holdsList,
  labelColumnOf,
  readMultiPicker,
  regionColumnsOf,
  SWITCH_OFF,
  SWITCH_ON,
  type ControlFamily,
  type DateKind,
  type FormControl,
} from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { ColumnSpec } from './columns.ts';
import { escapeFormula, unescapeFormula } from './formulaEscape.ts';
import type { ExportRule } from './settings.ts';

/**
 * Stored values ↔ cell text, per control family (spec 000 §3 stored shapes). Cells carry what a
 * person reads — option labels, picker names, region names, the map address, 开/关 — and an
 * import turns them back: labels into codes, names into ids through the lookup tables, dates
 * from Excel dates or text. What cannot be resolved (a data picker's id) is kept as written.
 */

/** A cell as read from a workbook, reduced to a plain value. */
export type CellValue = string | number | boolean | Date | null;
export type StoredColumns = Record<string, string | null>;

export const LIST_JOIN = '、';
const LIST_SPLIT = /[、,，;；]/;
const REGION_JOIN = '/';
const REGION_SPLIT = /[/\s,，、]+/;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : '');
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

// ---- options --------------------------------------------------------------------------------

interface OptionPair {
  value: string;
  label: string;
}

const optionCache = new WeakMap<FormControl, OptionPair[]>();

/** The control's static options, cascader trees flattened (the same list allowedValues reads). */
function optionPairs(control: FormControl): OptionPair[] {
  const hit = optionCache.get(control);
  if (hit) return hit;
  const options = isObject(control.options) ? control.options : {};
  const remote = options.remote;
  const usesRemote = remote === false || remote === 'false' || remote === 0 || remote === '0';
  const props = isObject(options.props) ? options.props : {};
  const vKey = usesRemote && typeof props.value === 'string' ? props.value : 'value';
  const lKey = usesRemote && typeof props.label === 'string' ? props.label : 'label';
  const out: OptionPair[] = [];
  const walk = (list: unknown, depth: number) => {
    if (!Array.isArray(list) || depth > 6) return;
    for (const o of list) {
      if (!isObject(o)) continue;
      const value = str(o[vKey]);
      if (value !== '') out.push({ value, label: str(o[lKey]) || value });
      walk(o.children, depth + 1);
    }
  };
  walk(usesRemote ? options.remoteOptions : options.options, 0);
  optionCache.set(control, out);
  return out;
}

function optionLabel(control: FormControl, value: string): string {
  return optionPairs(control).find((o) => o.value === value)?.label ?? value;
}

// ---- export ---------------------------------------------------------------------------------

export interface ExportContext {
  /** Original names of the files the batch's upload fields name. */
  fileNames: ReadonlyMap<string, string>;
  rules: ReadonlyMap<string, ExportRule>;
}

const NUMBER_TEXT = /^[+-]?(\d+(\.\d+)?|\.\d+)$/;

/** Decimal text as a number when a double holds it exactly enough (15 significant digits). */
function asNumber(text: string): number | string {
  if (!NUMBER_TEXT.test(text)) return text;
  const digits = text.replace(/^[+-]/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return digits.length <= 15 ? Number(text) : text;
}

function dateWithFormat(stored: string, format: string): string {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?)?)?$/.exec(stored.trim());
  if (!m) return stored;
  const parts: Record<string, string> = { yyyy: m[1]!, MM: m[2] ?? '01', dd: m[3] ?? '01', HH: m[4] ?? '00', mm: m[5] ?? '00', ss: m[6] ?? '00' };
  return format.replace(/yyyy|MM|dd|HH|hh|mm|ss/g, (t) => parts[t === 'hh' ? 'HH' : t]!);
}

function storedText(row: Json, column: string): string {
  const v = row[column];
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return formatWall(v);
  return str(v);
}

/** A timestamptz system column as the platform shows it (server local time). */
function formatWall(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The stored value of a column as the export's "value" rule writes it. */
function rawValue(spec: ColumnSpec, row: Json): string {
  const c = spec.control;
  if (!c) return storedText(row, spec.key);
  if (spec.family === 'region') {
    const cols = regionColumnsOf(c);
    return [cols.provinceCode, cols.cityCode, cols.areaCode].map((k) => storedText(row, k)).filter(Boolean).join(REGION_JOIN);
  }
  if (spec.family === 'gis') return gisText(c, row);
  return storedText(row, spec.key);
}

/** A map field as 地址(纬度,经度), the shape the import reads (a stored point always has both numbers). */
function gisText(c: FormControl, row: Json): string {
  const cols = gisColumnsOf(c);
  const part = (k: string | undefined) => (k ? storedText(row, k) : '');
  const [lat, lng, address] = [part(cols.lat), part(cols.lng), part(cols.address)];
  return lat || lng ? `${address}(${lat},${lng})` : address;
}

type LabelOf = (c: FormControl, raw: string, row: Json, ctx: ExportContext) => string | number;
const asStored: LabelOf = (_c, raw) => raw;
const numberLabel: LabelOf = (c, raw) => (c.type === 'input_long' ? raw : asNumber(raw));

/**
 * The label a person reads, per control family: a typed map over every family (issue 17), so a
 * new family does not compile until it says how it exports.
 */
const LABELS = {
  text: asStored,
  date: asStored,
  number: numberLabel,
  formula: numberLabel,
  choice: (c, raw) => {
    if (raw === '') return '';
    if (!holdsList(c)) return optionLabel(c, raw);
    return raw.split(',').map((v) => optionLabel(c, v)).join(c.type === 'cascade' ? REGION_JOIN : LIST_JOIN);
  },
  switch: (c, raw) => {
    const options = isObject(c.options) ? c.options : {};
    return raw === SWITCH_ON ? str(options.openMsg) || '开' : str(options.closeMsg) || '关';
  },
  upload: (c, raw, _row, ctx) => {
    if (raw === '') return '';
    if (c.type === 'signature') return '已签名';
    return raw.split(',').map((id) => ctx.fileNames.get(id.trim()) ?? id.trim()).join(LIST_JOIN);
  },
  picker: (c, raw, row) => storedText(row, labelColumnOf(c)) || raw,
  multiPicker: (_c, raw) => {
    const items = readMultiPicker(raw);
    return items ? items.map((i) => i.v || i.k).join(LIST_JOIN) : raw;
  },
  region: (c, _raw, row) => {
    const cols = regionColumnsOf(c);
    return [cols.province, cols.city, cols.area].map((k) => storedText(row, k)).filter(Boolean).join(REGION_JOIN);
  },
  // The address a person reads, with the point it stands for: the import reads this shape back.
  gis: (c, _raw, row) => gisText(c, row),
  // Neither has a column of its own in a sheet (columns.ts leaves them out); stored text if ever asked.
  subTable: asStored,
  layout: asStored,
} satisfies Record<ControlFamily, LabelOf>;

/** The label a person reads for one column of a stored row. */
function labelValue(spec: ColumnSpec, row: Json, ctx: ExportContext): string | number {
  const c = spec.control;
  const raw = storedText(row, spec.key);
  if (!c || spec.family === 'system') return spec.key === 'create_time' || spec.key === 'update_time' ? raw : asNumber(raw);
  return LABELS[spec.family](c, raw, row, ctx);
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
  const cols = specs.filter((s) => s.family === 'upload' && s.control?.type !== 'signature').map((s) => s.key);
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

/** Wall-clock parts of an Excel serial date (exceljs gives dates as UTC wall time, as here). */
function serialToDate(serial: number, date1904: boolean): Date | null {
  if (!Number.isFinite(serial) || serial < 0 || serial > 2958466) return null;
  const days = serial + (date1904 ? 1462 : 0);
  return new Date(Math.round((days - 25569) * 86_400_000));
}

const DATE_KIND: Record<string, DateKind> = {
  year: 'year',
  month: 'month',
  year_month: 'year_month',
  date: 'date',
  datetime: 'datetime',
  time: 'time',
};

function dateText(d: Date, kind: DateKind): string {
  const y = pad(d.getUTCFullYear(), 4);
  const M = pad(d.getUTCMonth() + 1);
  const dd = pad(d.getUTCDate());
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  switch (kind) {
    case 'year':
      return y;
    case 'month':
      return M;
    case 'year_month':
      return `${y}-${M}`;
    case 'date':
      return `${y}-${M}-${dd}`;
    case 'datetime':
      return `${y}-${M}-${dd} ${time}`;
    case 'time':
      return time;
  }
}

/** A date cell (Excel date, serial number or text) as stored text for the control's kind. */
function importDate(v: CellValue, control: FormControl, date1904: boolean): string {
  const kind = DATE_KIND[control.type] ?? 'date';
  if (v instanceof Date) return dateText(v, kind);
  if (typeof v === 'number') {
    if (kind === 'year' && Number.isInteger(v) && v >= 1000 && v <= 9999) return String(v);
    if (kind === 'month' && Number.isInteger(v) && v >= 1 && v <= 12) return pad(v);
    if (kind === 'time' && v >= 0 && v < 1) return dateText(new Date(Math.round(v * 86_400_000)), 'time');
    const d = serialToDate(v, date1904);
    return d ? dateText(d, kind) : numberText(v);
  }
  // Text is passed on; the control's own codec reads the formats it knows and refuses the rest.
  return cellText(v).trim().replace(/\//g, '-');
}

// ---- lookups (import) -----------------------------------------------------------------------

type PickerKind = 'org' | 'user' | 'role' | 'company' | 'dic' | 'data';

export function pickerKindOf(type: string): PickerKind {
  const base = type.replace(/^m_/, '').replace(/_select$/, '');
  if (type === 'current_user') return 'user';
  return (['org', 'user', 'company', 'role', 'dic'] as const).find((k) => k === base) ?? 'data';
}

/** Names of one kind of record: id → label, and label (or an alternative name) → ids. */
class NameIndex {
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

interface RegionIndex {
  /** name or code → code, per parent code ('' for provinces). */
  children: Map<string, Map<string, string>>;
  names: Map<string, string>;
}

/**
 * The lookup tables an import needs, loaded once per job for the picker kinds its columns use.
 * Park directories are small (thousands of users), so whole tables fit in memory.
 */
export class ImportLookups {
  private readonly indexes = new Map<string, NameIndex>();
  region: RegionIndex | null = null;
  date1904 = false;

  static async load(db: Kysely<Database>, specs: ReadonlyArray<ColumnSpec | null>): Promise<ImportLookups> {
    const out = new ImportLookups();
    const kinds = new Set<string>();
    for (const s of specs) {
      if (!s?.control || (s.family !== 'picker' && s.family !== 'multiPicker')) continue;
      const kind = pickerKindOf(s.control.type);
      if (kind === 'dic') kinds.add(`dic:${str(s.control.typeCode).trim()}`);
      else if (kind !== 'data') kinds.add(kind);
    }
    for (const kind of kinds) out.indexes.set(kind, await loadIndex(db, kind));
    if (specs.some((s) => s?.family === 'region')) out.region = await loadRegions(db);
    return out;
  }

  index(control: FormControl): NameIndex | null {
    const kind = pickerKindOf(control.type);
    if (kind === 'data') return null;
    return this.indexes.get(kind === 'dic' ? `dic:${str(control.typeCode).trim()}` : kind) ?? null;
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

export type ImportResult = { ok: true; columns: StoredColumns } | { ok: false; error: string };

/* Module-level helpers, not closures: tsx names every closure it creates (keepNames), a cost per call. */
function fail(spec: ColumnSpec, message: string): ImportResult {
  return { ok: false, error: `${spec.header}：${message}` };
}

function only(spec: ColumnSpec, v: string | null): ImportResult {
  return { ok: true, columns: { [spec.key]: v } };
}

function optionValue(control: FormControl, text: string): string | null {
  const pairs = optionPairs(control);
  const byLabel = pairs.find((o) => o.label === text);
  if (byLabel) return byLabel.value;
  if (pairs.some((o) => o.value === text)) return text;
  // Options loaded at run time cannot be checked here; the value is kept as written.
  return allowedValues(control) === null && control.type !== 'cascade' ? text : pairs.length === 0 ? text : null;
}

const ON_WORDS = new Set(['开', '是', '启用', '打开', 'on', 'true', 'yes', 'y', '√']);
const OFF_WORDS = new Set(['关', '否', '停用', '关闭', 'off', 'false', 'no', 'n', '×']);
const GIS_WITH_ADDRESS = /^(.*?)\s*[(（]\s*(-?\d+(?:\.\d+)?)\s*[,，]\s*(-?\d+(?:\.\d+)?)\s*[)）]\s*$/;
const GIS_BARE = /^(-?\d+(?:\.\d+)?)\s*[,，]\s*(-?\d+(?:\.\d+)?)$/;

/**
 * One imported cell as the flat stored columns a post would carry. Validation proper (required,
 * patterns, ranges) is the form's own, run afterwards by prepareRow on the whole row.
 */
export function importCell(spec: ColumnSpec, value: CellValue, lookups: ImportLookups): ImportResult {
  const c = spec.control;
  if (!c) return { ok: true, columns: {} };
  const text = typeof value === 'string' ? unescapeFormula(value).trim() : cellText(value).trim();
  if (value === null || text === '') {
    if (spec.family === 'picker') return { ok: true, columns: { [spec.key]: null, [labelColumnOf(c)]: null } };
    if (spec.family === 'region') return { ok: true, columns: Object.fromEntries(Object.values(regionColumnsOf(c)).map((k) => [k, null])) };
    if (spec.family === 'gis') return { ok: true, columns: Object.fromEntries(Object.values(gisColumnsOf(c)).map((k) => [k, null])) };
    return only(spec, null);
  }
  if (spec.family === 'system') return { ok: true, columns: {} };
  return IMPORTS[spec.family](spec, c, value, text, lookups);
}

type ImportOf = (spec: ColumnSpec, c: FormControl, value: CellValue, text: string, lookups: ImportLookups) => ImportResult;
/* Files, formulas, layout and sub-tables are not read from a sheet (columns.ts: NOT_IMPORTED_FAMILIES). */
const notImported: ImportOf = () => ({ ok: true, columns: {} });

/**
 * A non-empty cell to stored columns, per control family: a typed map over every family (issue
 * 17), so a new family does not compile until it says how it imports.
 */
const IMPORTS = {
  text: (spec, _c, value, text) => only(spec, typeof value === 'string' ? unescapeFormula(value) : text),
  number: (spec, _c, value, text) => only(spec, typeof value === 'number' ? numberText(value) : text.replace(/,/g, '')),
  date: (spec, c, value, _text, lookups) => only(spec, importDate(value, c, lookups.date1904)),
  switch: (spec, c, value, text) => {
    const options = isObject(c.options) ? c.options : {};
    const t = text.toLowerCase();
    if (t === str(options.openMsg).trim().toLowerCase() || ON_WORDS.has(t) || value === true) return only(spec, SWITCH_ON);
    if (t === str(options.closeMsg).trim().toLowerCase() || OFF_WORDS.has(t) || value === false) return only(spec, SWITCH_OFF);
    return fail(spec, `“${text}”不是有效的开关值（开/关）`);
  },
  choice: (spec, c, _value, text) => {
    const parts = holdsList(c) ? text.split(c.type === 'cascade' ? /[/,，、]/ : LIST_SPLIT).map((s) => s.trim()).filter(Boolean) : [text];
    const values: string[] = [];
    for (const p of parts) {
      const v = optionValue(c, p);
      if (v === null) return fail(spec, `选项“${p}”不存在`);
      values.push(v);
    }
    return only(spec, values.join(','));
  },
  picker: (spec, c, _value, text, lookups) => {
    const index = lookups.index(c);
    if (!index) return { ok: true, columns: { [spec.key]: text, [labelColumnOf(c)]: null } };
    const found = index.resolve(text);
    if (typeof found === 'string') return fail(spec, found);
    return { ok: true, columns: { [spec.key]: found.id, [labelColumnOf(c)]: found.label } };
  },
  multiPicker: (spec, c, _value, text, lookups) => {
    const index = lookups.index(c);
    const items: Array<{ k: string; v: string }> = [];
    for (const part of text.split(LIST_SPLIT).map((s) => s.trim()).filter(Boolean)) {
      if (!index) {
        items.push({ k: part, v: part });
        continue;
      }
      const found = index.resolve(part);
      if (typeof found === 'string') return fail(spec, found);
      if (!items.some((i) => i.k === found.id)) items.push({ k: found.id, v: found.label });
    }
    return only(spec, items.length > 0 ? JSON.stringify(items) : null);
  },
  region: (spec, c, _value, text, lookups) => {
    const region = lookups.region;
    const cols = regionColumnsOf(c);
    if (!region) return fail(spec, '行政区划数据不可用');
    const names = text.split(REGION_SPLIT).filter(Boolean);
    if (names.length > 3) return fail(spec, `“${text}”不是有效的行政区划（省/市/区）`);
    const codes: string[] = [];
    let parent = '';
    for (const name of names) {
      const code = region.children.get(parent)?.get(name);
      if (!code) return fail(spec, `行政区划“${name}”不存在`);
      codes.push(code);
      parent = code;
    }
    const out: StoredColumns = {};
    const parts: Array<[string, string]> = [
      [cols.province, cols.provinceCode],
      [cols.city, cols.cityCode],
      [cols.area, cols.areaCode],
    ];
    parts.forEach(([nameCol, codeCol], i) => {
      out[nameCol] = codes[i] ? region.names.get(codes[i]!)! : null;
      out[codeCol] = codes[i] ?? null;
    });
    return { ok: true, columns: out };
  },
  gis: (spec, c, _value, text) => {
    const cols = gisColumnsOf(c);
    const m = GIS_WITH_ADDRESS.exec(text);
    const b = m ? null : GIS_BARE.exec(text);
    if (!m && !b) return fail(spec, '位置请填写为“地址(纬度,经度)”');
    const out: StoredColumns = {};
    if (cols.address) out[cols.address] = m ? m[1]!.trim() || null : null;
    if (cols.lat) out[cols.lat] = m ? m[2]! : b![1]!;
    if (cols.lng) out[cols.lng] = m ? m[3]! : b![2]!;
    return { ok: true, columns: out };
  },
  upload: notImported,
  formula: notImported,
  subTable: notImported,
  layout: notImported,
} satisfies Record<ControlFamily, ImportOf>;
