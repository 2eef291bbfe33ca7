import { parseTokens, tokenize, type Expr } from '../form/formulaExpression.ts';
import { DATA_TYPES, type DataType } from './vocabulary.ts';

/** One column of a dataset (spec 002 §3: id, table, column, desc, dataType, alias, express). */
export interface DsColumn {
  id: string;
  table: string;
  column: string;
  desc: string;
  dataType: DataType;
  alias: string;
  /** A calculated field in our formula language (`${column} * 2`); empty for a stored column. */
  express: string;
}

export interface DsMeta {
  dim: DsColumn[];
  measure: DsColumn[];
}

export class DatasetError extends Error {
  override name = 'DatasetError';
}

/** Table and column names a dataset may hold: plain identifiers, which the server still checks against the source. */
const IDENT = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const TABLE = /^[A-Za-z_][A-Za-z0-9_]{0,62}(\.[A-Za-z_][A-Za-z0-9_]{0,62})?$/;
const COLUMN_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** No quotes, backslashes or control characters (checked by code point, see aliasOk). */
const ALIAS_FORBIDDEN = new Set(['"', "'", '`', '\\']);
function aliasOk(a: string): boolean {
  return a.length <= 64 && [...a].every((ch) => ch.charCodeAt(0) >= 0x20 && !ALIAS_FORBIDDEN.has(ch));
}
const MAX_COLUMNS = 300;

export const DATASET_TEXT = {
  noColumns: '数据集至少需要一个维度或度量',
  tooMany: `数据集的列过多（最多 ${MAX_COLUMNS} 个）`,
  badTable: (t: string) => `数据表名不合法: ${t.slice(0, 64)}`,
  badColumn: (c: string) => `字段名不合法: ${c.slice(0, 64)}`,
  badId: (id: string) => `字段ID不合法: ${id.slice(0, 64)}`,
  duplicateId: (id: string) => `字段ID重复: ${id.slice(0, 64)}`,
  badAlias: (a: string) => `别名不合法: ${a.slice(0, 64)}`,
  badType: (t: string) => `字段类型不合法: ${t.slice(0, 32)}`,
  badExpress: (desc: string) => `计算字段「${desc.slice(0, 32)}」的公式不正确，只能使用字段、数字、+ - * / 和括号`,
  unknownRef: (desc: string, ref: string) => `计算字段「${desc.slice(0, 32)}」引用的字段不存在: ${ref.slice(0, 64)}`,
  refNotNumber: (desc: string, ref: string) => `计算字段「${desc.slice(0, 32)}」只能引用数字字段: ${ref.slice(0, 64)}`,
} as const;

function text(v: unknown, max: number): string {
  return typeof v === 'string' ? v.trim().slice(0, max) : typeof v === 'number' ? String(v) : '';
}

function column(raw: unknown, used: Set<string>): DsColumn {
  if (typeof raw !== 'object' || raw === null) throw new DatasetError(DATASET_TEXT.noColumns);
  const c = raw as Record<string, unknown>;
  const id = text(c.id, 100);
  if (!COLUMN_ID.test(id)) throw new DatasetError(DATASET_TEXT.badId(id));
  if (used.has(id)) throw new DatasetError(DATASET_TEXT.duplicateId(id));
  used.add(id);
  const table = text(c.table, 200);
  if (!TABLE.test(table)) throw new DatasetError(DATASET_TEXT.badTable(table));
  const col = text(c.column, 200);
  if (!IDENT.test(col)) throw new DatasetError(DATASET_TEXT.badColumn(col));
  const dataType = c.dataType === undefined || c.dataType === '' ? 'String' : c.dataType;
  if (!(DATA_TYPES as readonly unknown[]).includes(dataType)) throw new DatasetError(DATASET_TEXT.badType(String(dataType)));
  const alias = text(c.alias, 200);
  if (!aliasOk(alias)) throw new DatasetError(DATASET_TEXT.badAlias(alias));
  return { id, table, column: col, desc: text(c.desc, 100) || col, dataType: dataType as DataType, alias, express: text(c.express, 2000) };
}

/** Checks the shape of a dataset's `dsMeta`; the server then checks every table and column against the source. */
export function parseDsMeta(raw: unknown): DsMeta {
  const m = (typeof raw === 'string' ? safeJson(raw) : raw) as Record<string, unknown> | null;
  if (typeof m !== 'object' || m === null) throw new DatasetError(DATASET_TEXT.noColumns);
  const dims = Array.isArray(m.dim) ? m.dim : [];
  const measures = Array.isArray(m.measure) ? m.measure : [];
  if (dims.length + measures.length === 0) throw new DatasetError(DATASET_TEXT.noColumns);
  if (dims.length + measures.length > MAX_COLUMNS) throw new DatasetError(DATASET_TEXT.tooMany);
  const used = new Set<string>();
  return { dim: dims.map((c) => column(c, used)), measure: measures.map((c) => column(c, used)) };
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    throw new DatasetError(DATASET_TEXT.noColumns);
  }
}

export function allColumns(meta: DsMeta): DsColumn[] {
  return [...meta.dim, ...meta.measure];
}

/**
 * A calculated field's formula, parsed with the form formula language. References name stored
 * columns of the same table (`${column}`); the server compiles the tree to SQL, the text never runs.
 */
export function parseExpress(col: DsColumn, isNumberColumn: (column: string) => boolean | undefined): Expr {
  const tokens = tokenize(col.express);
  const expr = tokens ? parseTokens(tokens) : null;
  if (!expr) throw new DatasetError(DATASET_TEXT.badExpress(col.desc));
  const walk = (e: Expr): void => {
    if (e.k === 'ref') {
      const isNumber = isNumberColumn(e.model);
      if (isNumber === undefined) throw new DatasetError(DATASET_TEXT.unknownRef(col.desc, e.model));
      if (!isNumber) throw new DatasetError(DATASET_TEXT.refNotNumber(col.desc, e.model));
    } else if (e.k === 'neg') walk(e.operand);
    else if (e.k === 'bin') {
      walk(e.left);
      walk(e.right);
    }
  };
  walk(expr);
  return expr;
}
