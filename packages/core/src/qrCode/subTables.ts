/*
 * The sub-table rules of a 查看/编辑 QR entry (issue 39; screens-round3 §6.1, the original's
 * QrCodeSetting): per sub-table whether rows may be added (单新增 one per save, 多新增 several), edited
 * or only seen, with 字段权限 (which columns) and 数据权限 (a condition on the rows). Stored in the
 * original's shape inside `content.childs`; resolved here into one rule per sub-table that the
 * server enforces on /api/qr/record|update and the phone draws, so both read the same thing.
 */
import { isMatchType, VALUELESS } from '../query/matchTypes.ts';
import type { QrListKind } from './kinds.ts';

/** An entry as far as its sub-table rules go (conf.ts's QrEntry). */
interface EntryContent {
  content: { parent: readonly unknown[]; childs: readonly unknown[] };
}

/** One condition row of 数据权限: a field, the original's operator ($eq, $like…) and a value. */
export interface QrCondRow {
  key: string;
  opt: string;
  value?: unknown;
}

/** A condition group (AND/OR of rows); the groups are joined by the outer relation (与/或). */
export interface QrCondGroup {
  type: 'and' | 'or';
  conds: QrCondRow[];
}

export interface QrCond {
  type: 'and' | 'or';
  conds: QrCondGroup[];
}

/** A column named by 字段权限: on 编辑, `type` is 'edit' or 'read'; on 新增, `value` is its default. */
export interface QrSubField {
  name: string;
  key: string;
  type?: string;
  value?: string;
  /** A 新增 entry's sub-table presets keep the main list's flags (not enforced for sub-tables). */
  preset?: boolean;
  readOnly?: boolean;
}

/** An 编辑 entry's sub-table (the original's child of `content.childs`). */
export interface QrEditChild {
  subKey: string;
  add: { isAllow: boolean; type: 'single' | 'multi'; contents: QrSubField[] };
  edit: { isAllow: boolean; contents: QrSubField[]; cond: QrCond };
  /** type '0' 不可见, '1' 可见. */
  query: { isAllow: boolean; type: '0' | '1'; contents: QrSubField[]; cond: QrCond };
}

/** A 查看 entry's sub-table: the columns shown; `cond` (which rows) is this platform's addition. */
export interface QrQueryChild {
  subKey: string;
  contents: QrSubField[];
  cond?: QrCond;
}

export type QrChild = QrEditChild | QrQueryChild;

/** The operators 数据权限 offers (the original's QrCodeDataPermissions). */
export const QR_COND_OPTS = {
  number: [
    { value: '$eq', label: '=' },
    { value: '$neq', label: '≠' },
    { value: '$gt', label: '>' },
    { value: '$gte', label: '>=' },
    { value: '$lt', label: '<' },
    { value: '$lte', label: '<=' },
  ],
  string: [
    { value: '$eq', label: '精确匹配' },
    { value: '$like', label: '包含' },
    { value: '$nlike', label: '不包含' },
    { value: '$neq', label: '不匹配' },
    { value: '$hlike', label: '开头是' },
    { value: '$null', label: '为空' },
    { value: '$notnull', label: '不为空' },
    { value: '$empty', label: '空文本' },
  ],
} as const;

export const QR_SUB_TEXT = {
  subUnknown: '子表不存在',
  subFieldUnknown: '子表字段不存在',
  condFieldMissing: '数据权限：请选择字段',
  condOptMissing: '数据权限：请选择条件',
  condValueMissing: '数据权限：请输入值',
  /** `${name}` is the sub-table's name. */
  readOnly: (name: string) => `子表「${name}」仅可查看，不能新增或修改数据`,
  noAdd: (name: string) => `子表「${name}」不允许新增数据`,
  single: (name: string) => `子表「${name}」每次只能新增一条数据`,
  rowHidden: (name: string) => `子表「${name}」的数据不存在或无权修改`,
} as const;

const relationOf = (v: unknown): 'and' | 'or' => (v === 'or' ? 'or' : 'and');
const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

function cleanCond(raw: unknown): QrCond {
  const c = (typeof raw === 'object' && raw !== null ? raw : {}) as { type?: unknown; conds?: unknown };
  const groups = Array.isArray(c.conds) ? c.conds : [];
  return {
    type: relationOf(c.type),
    conds: groups.slice(0, 50).map((g: { type?: unknown; conds?: unknown }) => ({
      type: relationOf(g?.type),
      conds: (Array.isArray(g?.conds) ? g.conds : []).slice(0, 50).map((r: QrCondRow) => ({ key: text(r?.key), opt: text(r?.opt), value: typeof r?.value === 'number' ? r.value : text(r?.value) })),
    })),
  };
}

function cleanFields(raw: unknown): QrSubField[] {
  return (Array.isArray(raw) ? raw : []).slice(0, 500).map((f: QrSubField) => ({
    name: text(f?.name), key: text(f?.key),
    ...(f?.type === undefined ? {} : { type: text(f.type) }),
    ...(f?.value === undefined ? {} : { value: text(f.value) }),
    ...(f?.preset === undefined ? {} : { preset: f.preset === true }),
    ...(f?.readOnly === undefined ? {} : { readOnly: f.readOnly === true }),
  }));
}

/** A sub-table child with known keys only, in the shape of its entry's list. */
export function cleanQrChild(kind: QrListKind, raw: unknown): QrChild | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const c = raw as Record<string, Record<string, unknown> | unknown>;
  const subKey = text(c.subKey);
  if (!subKey) return null;
  if (kind !== 'edit') {
    const out: QrQueryChild = { subKey, contents: cleanFields(c.contents) };
    if (c.cond !== undefined) out.cond = cleanCond(c.cond);
    return out;
  }
  const part = (k: string) => (typeof c[k] === 'object' && c[k] !== null ? (c[k] as Record<string, unknown>) : {});
  const add = part('add');
  const edit = part('edit');
  const query = part('query');
  return {
    subKey,
    add: { isAllow: add.isAllow === true, type: add.type === 'multi' ? 'multi' : 'single', contents: cleanFields(add.contents) },
    edit: { isAllow: edit.isAllow === true, contents: cleanFields(edit.contents), cond: cleanCond(edit.cond) },
    query: { isAllow: query.isAllow !== false, type: String(query.type) === '1' ? '1' : '0', contents: cleanFields(query.contents), cond: cleanCond(query.cond) },
  };
}

function condRows(cond: QrCond | undefined): QrCondRow[] {
  return (cond?.conds ?? []).flatMap((g) => g.conds);
}

const OPTS: ReadonlySet<string> = new Set([...QR_COND_OPTS.number, ...QR_COND_OPTS.string].map((o) => o.value));

/**
 * The first problem of an entry's sub-table children, or null. `subTables` are the form's
 * sub-tables with their field keys. (The server also parses each condition against the table's
 * columns, which knows each field's kind.)
 */
export function qrChildProblem(kind: QrListKind, childs: readonly unknown[], subTables: ReadonlyMap<string, ReadonlySet<string>>): string | null {
  if (kind === 'add') return null;
  for (const raw of childs) {
    const child = cleanQrChild(kind, raw);
    if (!child) continue;
    const keys = subTables.get(child.subKey);
    if (!keys) return QR_SUB_TEXT.subUnknown;
    const lists = 'add' in child ? [child.add.contents, child.edit.contents, child.query.contents] : [child.contents];
    for (const list of lists) for (const f of list) if (!keys.has(f.key)) return QR_SUB_TEXT.subFieldUnknown;
    const conds = 'add' in child ? [...condRows(child.edit.cond), ...condRows(child.query.cond)] : condRows(child.cond);
    for (const r of conds) {
      if (!r.key) return QR_SUB_TEXT.condFieldMissing;
      if (!keys.has(r.key)) return QR_SUB_TEXT.subFieldUnknown;
      if (!OPTS.has(r.opt)) return QR_SUB_TEXT.condOptMissing;
      if (isMatchType(r.opt) && !VALUELESS.has(r.opt) && text(r.value).trim() === '') return QR_SUB_TEXT.condValueMissing;
    }
  }
  return null;
}

export type QrAddMode = 'none' | 'single' | 'multi';

/** What a scanned entry lets its holder do with one sub-table. */
export interface QrSubRule {
  subKey: string;
  /** Existing rows are shown (those `rowCond` matches). */
  visible: boolean;
  /** Columns shown; null: all of them. */
  fields: ReadonlySet<string> | null;
  rowCond: QrCond | null;
  add: QrAddMode;
  /** Columns an added row may fill; null: all. */
  addFields: ReadonlySet<string> | null;
  /** 新增's 字段权限 defaults, used when the added row leaves the field empty. */
  addDefaults: Readonly<Record<string, string>>;
  /** Shown rows may be changed (those `editCond` also matches). */
  edit: boolean;
  /** Columns a changed row may write; null: all. */
  editFields: ReadonlySet<string> | null;
  editCond: QrCond | null;
}

const keysOf = (list: readonly QrSubField[]): Set<string> | null => (list.length > 0 ? new Set(list.map((f) => f.key)) : null);
const condOrNull = (cond: QrCond | undefined): QrCond | null => (condRows(cond).some((r) => r.key) ? cond! : null);

function editRule(child: QrEditChild): QrSubRule {
  const visible = child.query.type === '1';
  const edit = visible && child.edit.isAllow;
  const shown = keysOf(child.query.contents);
  const editList = keysOf(child.edit.contents);
  // A column the edit lists is shown too (it cannot be written unseen).
  const fields = shown && editList && edit ? new Set([...shown, ...editList]) : shown;
  const addDefaults: Record<string, string> = {};
  for (const f of child.add.contents) if (f.value) addDefaults[f.key] = f.value;
  return {
    subKey: child.subKey,
    visible,
    fields,
    rowCond: condOrNull(child.query.cond),
    add: child.add.isAllow ? child.add.type : 'none',
    addFields: keysOf(child.add.contents),
    addDefaults,
    edit,
    editFields: editList ? new Set(child.edit.contents.filter((f) => f.type !== 'read').map((f) => f.key)) : null,
    editCond: condOrNull(child.edit.cond),
  };
}

const seenOnly = (subKey: string, fields: ReadonlySet<string> | null, rowCond: QrCond | null): QrSubRule => ({
  subKey, visible: true, fields, rowCond, add: 'none', addFields: null, addDefaults: {}, edit: false, editFields: null, editCond: null,
});

/**
 * Each sub-table's rule for a 查看/编辑 entry. A sub-table the entry has no child for is neither
 * shown nor written (a code grants only what was set), except on a 查看 entry that lists nothing
 * at all, which shows everything read-only as its main fields do (qrRecordFields).
 */
export function qrSubTableRules(kind: QrListKind, entry: EntryContent, subKeys: readonly string[]): Map<string, QrSubRule> {
  const out = new Map<string, QrSubRule>();
  if (kind === 'add') return out;
  const childs = entry.content.childs.map((c) => cleanQrChild(kind, c)).filter((c): c is QrChild => c !== null);
  const byKey = new Map(childs.map((c) => [c.subKey, c]));
  const listsNothing = entry.content.parent.length === 0 && childs.length === 0;
  for (const subKey of subKeys) {
    const child = byKey.get(subKey);
    if (kind === 'edit') {
      if (child && 'add' in child) out.set(subKey, editRule(child));
    } else if (child && !('add' in child)) {
      out.set(subKey, seenOnly(subKey, keysOf(child.contents), condOrNull(child.cond)));
    } else if (listsNothing) out.set(subKey, seenOnly(subKey, null, null));
  }
  return out;
}

/** The rule's row condition as parseConditions reads it ({relation, conds}, rows {key, opt, value}). */
export function qrConditionInput(cond: QrCond | null): unknown {
  if (!cond) return null;
  const groups = cond.conds
    .map((g) => ({ relation: g.type, conds: g.conds.filter((r) => r.key).map((r) => ({ key: r.key, opt: r.opt, value: r.value })) }))
    .filter((g) => g.conds.length > 0);
  return groups.length > 0 ? { relation: cond.type, conds: groups } : null;
}

/** A row's submitted values an added or changed row may write: the rule's columns only. */
export function qrRowInput(allowed: ReadonlySet<string> | null, row: Readonly<Record<string, unknown>>): Record<string, unknown> {
  if (!allowed) return { ...row };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (allowed.has(k)) out[k] = v;
  return out;
}

/** What the phone needs per sub-table (the record reply's `subs`). */
export interface QrSubReply {
  subKey: string;
  rows: Array<Record<string, unknown>>;
  /** Ids of shown rows that may be changed. */
  editableRowIds: number[];
  fields: string[] | null;
  add: QrAddMode;
  addFields: string[] | null;
  editFields: string[] | null;
}

/** Columns of a shown row (system columns, and the columns of the shown fields) given each field's columns. */
export function qrVisibleRow(fields: ReadonlySet<string> | null, row: Readonly<Record<string, unknown>>, columnsOfField: ReadonlyMap<string, readonly string[]>): Record<string, unknown> {
  if (!fields) return { ...row };
  const hidden = new Set<string>();
  for (const [model, columns] of columnsOfField) if (!fields.has(model)) for (const c of columns) hidden.add(c);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (!hidden.has(k)) out[k] = v;
  return out;
}

const same = (a: unknown, b: unknown): boolean => {
  const x = a === undefined || a === null ? '' : String(a).trim();
  const y = b === undefined || b === null ? '' : String(b).trim();
  if (x === y) return true;
  // Numeric columns come back as exact decimal text ("12.50"); the phone may send "12.5".
  return x !== '' && y !== '' && Number.isFinite(Number(x)) && Number(x) === Number(y);
};

/**
 * Whether a row sent back for a shown but unchangeable row differs from the stored one, in the
 * columns it may see: the phone sends every shown row as it got it, so an unchanged row passes and
 * a changed one is refused.
 */
export function qrRowChanged(columns: readonly string[], stored: Readonly<Record<string, unknown>>, sent: Readonly<Record<string, unknown>>): boolean {
  return columns.some((c) => c in sent && !same(stored[c], sent[c]));
}
