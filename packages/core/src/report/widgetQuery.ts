import { parseConditions, ConditionError, type Condition, type ConditionField } from '../query/index.ts';
import { allColumns, type DsColumn, type DsMeta } from './dataset.ts';
import {
  aggregateFn,
  isAggregate,
  isDateLevel,
  REPORT_LIMITS,
  type AggregateFn,
  type DateLevel,
} from './vocabulary.ts';

/*
 * A widget and its query body (spec 002 §7, DESIGN §11) turned into a checked query spec. Every
 * column is resolved against the dataset's own columns; what the client sends about a column
 * (its table, its express, its dataType) only selects one of those, it is never used as such.
 */

export class ReportQueryError extends Error {
  override name = 'ReportQueryError';
}

export const REPORT_TEXT = {
  noDataset: '报表控件未选择数据集',
  unknownColumn: (c: string) => `数据集中不存在字段: ${c.slice(0, 64)}`,
  badAggregate: (a: string) => `不支持的聚合方式: ${a.slice(0, 32)}`,
  badDateLevel: (d: string) => `不支持的日期粒度: ${d.slice(0, 32)}`,
  dateLevelOnNonDate: (c: string) => `字段 ${c.slice(0, 64)} 不是日期，不能按日期粒度统计`,
  duplicateKey: (k: string) => `结果列重复: ${k.slice(0, 64)}，请为其中一个设置别名`,
  duplicateMeasure: (c: string) => `度量重复: ${c.slice(0, 64)}（同一字段同一聚合方式只能出现一次）`,
  unknownSmallType: (t: string) => `不支持的报表类型: ${t.slice(0, 32)}`,
  noMeasure: '缺少度量项',
  noDimension: '缺少维度项',
  tooManyItems: `报表的字段过多（最多 ${REPORT_LIMITS.maxAxisItems} 个）`,
  colorAxisMax: '已超过[颜色图例/维度]最多可添加项数量（1）',
  pieValueMax: '已超过[扇区角度/度量]最多可添加项数量（1）',
  pieClassMax: '已超过[扇区标签/维度]最多可添加项数量（1）',
  kanbanClassMax: '已超过[看板标签/维度]最多可添加项数量（1）',
  colorWithManyValues: '颜色图例轴已有项，主值轴/副值轴只能出现一项',
  drillUnknown: (c: string) => `钻取层级不存在: ${c.slice(0, 64)}`,
  mixedHaving: '聚合条件不能与普通条件以“或”组合',
  numericOnly: (c: string) => `字段 ${c.slice(0, 64)} 不是数字，只能计数、去重计数、取最大值或最小值`,
  badSort: (k: string) => `排序字段不存在: ${k.slice(0, 64)}`,
} as const;

export type ReportShape = 'chart' | 'table' | 'cross' | 'kanban';

/** Every smallType a widget may carry and the query shape it needs; anything else is refused. */
export const SMALL_TYPE_SHAPES = {
  line: 'chart',
  area: 'chart',
  areaspline: 'chart',
  areasplinerange: 'chart',
  column: 'chart',
  accumulation: 'chart',
  percentage: 'chart',
  bar: 'chart',
  pie: 'chart',
  composite: 'chart',
  kanban: 'kanban',
  table: 'table',
  formTable: 'table',
  cross: 'cross',
  crossTable: 'cross',
} as const satisfies Record<string, ReportShape>;
export type SmallType = keyof typeof SMALL_TYPE_SHAPES;

export interface DimSpec {
  col: DsColumn;
  dateDim: DateLevel | null;
  key: string;
}
export interface MeasureSpec {
  col: DsColumn;
  aggregate: AggregateFn;
  key: string;
}
/** What a condition key stands for: a column, at a date level, under an aggregate. */
export interface CondTarget {
  col: DsColumn;
  dateDim: DateLevel | null;
  aggregate: AggregateFn;
}
export interface SortSpec {
  key: string;
  order: 'asc' | 'desc';
}

export interface ReportQuery {
  shape: ReportShape;
  smallType: SmallType;
  dims: DimSpec[];
  /** A cross table's column headers (its colour axis). */
  columnDims: DimSpec[];
  measures: MeasureSpec[];
  /** Rows are grouped when any measure aggregates; otherwise the query lists rows. */
  grouped: boolean;
  where: Condition | null;
  having: Condition | null;
  targets: ReadonlyMap<string, CondTarget>;
  sorts: SortSpec[];
  /** Rows asked for; one more is fetched to tell whether the result was cut. */
  limit: number;
  offset: number;
  paged: boolean;
}

export interface QueryBody {
  pageNum?: unknown;
  pageSize?: unknown;
  queryConditions?: unknown;
  superConditions?: unknown;
  drillingConditions?: unknown;
}

type Item = Record<string, unknown>;

function items(v: unknown): Item[] {
  if (!Array.isArray(v)) return [];
  if (v.length > REPORT_LIMITS.maxAxisItems) throw new ReportQueryError(REPORT_TEXT.tooManyItems);
  return v.filter((x): x is Item => typeof x === 'object' && x !== null);
}

function resolver(meta: DsMeta) {
  const cols = allColumns(meta);
  const byId = new Map(cols.map((c) => [c.id, c]));
  return (item: Item): DsColumn => {
    const id = typeof item.id === 'string' || typeof item.id === 'number' ? String(item.id) : '';
    const hit = byId.get(id) ?? cols.find((c) => c.column === item.column && (item.table === undefined || c.table === item.table));
    if (!hit) throw new ReportQueryError(REPORT_TEXT.unknownColumn(String(item.column ?? item.id ?? '')));
    return hit;
  };
}

function dateLevelOf(item: Item, col: DsColumn): DateLevel | null {
  const d = item.dateDim ?? item.dateLevel;
  if (d === undefined || d === null || d === '') return null;
  if (!isDateLevel(d)) throw new ReportQueryError(REPORT_TEXT.badDateLevel(String(d)));
  if (col.dataType !== 'Date') throw new ReportQueryError(REPORT_TEXT.dateLevelOnNonDate(col.desc));
  return d;
}

function aggregateOf(item: Item, fallback: AggregateFn): { fn: AggregateFn; name: string } {
  const a = item.aggregate;
  if (a === undefined || a === null || a === '') return { fn: fallback, name: fallback };
  if (!isAggregate(a)) throw new ReportQueryError(REPORT_TEXT.badAggregate(String(a)));
  return { fn: aggregateFn(a), name: a };
}

function alias(item: Item, col: DsColumn): string {
  const a = typeof item.alias === 'string' ? item.alias.trim() : '';
  return a || col.alias;
}

/** The smallType of a widget: a kanban widget and a table widget imply theirs. */
export function smallTypeOf(widget: Item): SmallType {
  const data = (widget.data ?? {}) as Item;
  const raw = data.smallType ?? (widget.type === 'kanbanWidget' ? 'kanban' : widget.reportType === 'tableReportWidget' ? 'cross' : '');
  const t = String(raw ?? '');
  if (!Object.hasOwn(SMALL_TYPE_SHAPES, t)) throw new ReportQueryError(REPORT_TEXT.unknownSmallType(t));
  return t as SmallType;
}

/** Spec 002 §4–5: what a chart needs before it may be queried, and the axis limits. */
export function checkLegality(smallType: SmallType, data: Item): void {
  const value = items(data.valueAxis);
  const vice = items(data.viceValueAxis);
  const klass = items(data.classAxis);
  const color = items(data.colorAxis);
  if (color.length > 1) throw new ReportQueryError(REPORT_TEXT.colorAxisMax);
  if (smallType === 'pie') {
    if (value.length > 1) throw new ReportQueryError(REPORT_TEXT.pieValueMax);
    if (klass.length > 1) throw new ReportQueryError(REPORT_TEXT.pieClassMax);
  }
  if (smallType === 'kanban' && klass.length > 1) throw new ReportQueryError(REPORT_TEXT.kanbanClassMax);
  if (SMALL_TYPE_SHAPES[smallType] !== 'chart') return;
  if (color.length > 0 && value.length + vice.length > 1) throw new ReportQueryError(REPORT_TEXT.colorWithManyValues);
  if (value.length + vice.length === 0) throw new ReportQueryError(REPORT_TEXT.noMeasure);
  if (klass.length + color.length === 0 && items(data.drillingAxis).length === 0) throw new ReportQueryError(REPORT_TEXT.noDimension);
}

interface Built {
  fields: Map<string, ConditionField>;
  targets: Map<string, CondTarget>;
}

/**
 * The origin condition shape `{table, column, matchType, value, aggregate?, dateDim?}` turned into
 * the shared condition parser's shape: each leaf gets a synthetic key naming its column, level and
 * aggregate, so parseConditions checks match types and values with the list pages' rules.
 */
function toParserShape(raw: unknown, resolve: (i: Item) => DsColumn, b: Built): unknown {
  if (Array.isArray(raw)) return raw.map((r) => toParserShape(r, resolve, b));
  if (typeof raw !== 'object' || raw === null) return raw;
  const c = raw as Item;
  if (c.condType === 'multi' || Array.isArray(c.conds)) {
    return { ...c, conds: Array.isArray(c.conds) ? c.conds.map((r) => toParserShape(r, resolve, b)) : c.conds };
  }
  const col = resolve(c);
  const dateDim = dateLevelOf(c, col);
  const agg = aggregateOf(c, 'none').fn;
  const key = `${col.id}|${dateDim ?? ''}|${agg}`;
  const kind = agg === 'count' || agg === 'distinct' ? 'number' : dateDim && dateDim !== 'full' ? 'string' : col.dataType === 'Number' ? 'number' : col.dataType === 'Date' ? 'date' : 'string';
  b.fields.set(key, { kind, label: col.desc });
  b.targets.set(key, { col, dateDim, aggregate: agg });
  const out: Item = { condType: 'single', key, matchType: c.matchType ?? c.opt ?? '$eq', value: c.value };
  if (out.matchType === '$in') {
    const v = Array.isArray(c.value) ? c.value : typeof c.value === 'string' ? c.value.split(',') : [];
    out.bvalue = c.bvalue ?? v[0];
    out.evalue = c.evalue ?? v[1];
    // The report's range travels in `value`; the shared parser reads a range only from bvalue/evalue.
    delete out.value;
  }
  return out;
}

function isHaving(c: Condition, targets: ReadonlyMap<string, CondTarget>): boolean | 'mixed' {
  if (c.kind === 'leaf') return targets.get(c.key)!.aggregate !== 'none';
  const kinds = new Set(c.children.map((x) => isHaving(x, targets)));
  if (kinds.has('mixed') || kinds.size > 1) return 'mixed';
  return kinds.has(true);
}

/** WHERE and HAVING parts of the AND of every condition list; an OR may not mix the two. */
function splitConditions(parts: Condition[], targets: ReadonlyMap<string, CondTarget>) {
  const where: Condition[] = [];
  const having: Condition[] = [];
  const flat = parts.flatMap((p) => (p.kind === 'group' && p.relation === 'and' ? p.children : [p]));
  for (const p of flat) {
    const h = isHaving(p, targets);
    if (h === 'mixed') throw new ReportQueryError(REPORT_TEXT.mixedHaving);
    (h ? having : where).push(p);
  }
  const join = (list: Condition[]): Condition | null =>
    list.length === 0 ? null : list.length === 1 ? list[0]! : { kind: 'group', relation: 'and', children: list };
  return { where: join(where), having: join(having) };
}

function parseList(raw: unknown, resolve: (i: Item) => DsColumn, b: Built): Condition | null {
  try {
    return parseConditions(toParserShape(raw, resolve, b), b.fields);
  } catch (err) {
    if (err instanceof ConditionError) throw new ReportQueryError(err.message);
    throw err;
  }
}

function intIn(v: unknown, min: number, max: number, fallback: number): number {
  const n = Number(v);
  return Number.isInteger(n) ? Math.min(Math.max(n, min), max) : fallback;
}

/**
 * Drilling: the level shown replaces the class axis; the levels above are equality filters. The
 * level is found by its depth — `depth` as the browser sends it, else the number of levels drilled
 * through (one condition each, as the original client sends them) — so two levels of one date
 * column (年 › 季 › 月 › 日) are never confused; `current` must name that level's column, and
 * when it does not (an axis changed since), the first level of that column is shown.
 */
function drillDims(data: Item, body: QueryBody, resolve: (i: Item) => DsColumn): { level: Item | null; conds: unknown[] } {
  const axis = items(data.drillingAxis);
  if (axis.length === 0) return { level: null, conds: [] };
  const d = (body.drillingConditions ?? null) as Item | null;
  const current = d && typeof d === 'object' ? d.current : undefined;
  if (current === undefined || current === null || current === '') return { level: axis[0]!, conds: [] };
  const conds = Array.isArray(d!.conds) ? d!.conds : [];
  const names = (a: Item) => a.column === current || a.id === current || resolve(a).column === current;
  const depth = Number(d!.depth ?? conds.length);
  const atDepth = Number.isInteger(depth) && depth >= 0 ? axis[depth] : undefined;
  const level = atDepth && names(atDepth) ? atDepth : axis.find(names);
  if (!level) throw new ReportQueryError(REPORT_TEXT.drillUnknown(String(current)));
  return { level, conds };
}

/** Builds the checked query of one widget against its dataset. */
export function buildReportQuery(widget: Item, meta: DsMeta, body: QueryBody): ReportQuery {
  const data = (widget.data ?? {}) as Item;
  const smallType = smallTypeOf(widget);
  const shape: ReportShape = SMALL_TYPE_SHAPES[smallType];
  checkLegality(smallType, data);
  const resolve = resolver(meta);
  const keys = new Set<string>();
  const claim = (key: string) => {
    if (keys.has(key)) throw new ReportQueryError(REPORT_TEXT.duplicateKey(key));
    keys.add(key);
    return key;
  };
  const dim = (item: Item): DimSpec => {
    const col = resolve(item);
    return { col, dateDim: dateLevelOf(item, col), key: claim(alias(item, col) || col.column) };
  };
  const seenMeasures = new Set<string>();
  const measure = (item: Item, fallback: AggregateFn): MeasureSpec => {
    const col = resolve(item);
    const agg = aggregateOf(item, fallback);
    if ((agg.fn === 'sum' || agg.fn === 'avg') && col.dataType !== 'Number') throw new ReportQueryError(REPORT_TEXT.numericOnly(col.desc));
    const sig = `${col.id}|${agg.fn}`;
    if (seenMeasures.has(sig)) throw new ReportQueryError(REPORT_TEXT.duplicateMeasure(col.desc));
    seenMeasures.add(sig);
    const key = alias(item, col) || (agg.fn === 'none' ? col.column : `${agg.name}_${col.column}`);
    return { col, aggregate: agg.fn, key: claim(key) };
  };

  const drill = drillDims(data, body, resolve);
  const classItems = drill.level ? [drill.level] : items(data.classAxis);
  const dims = classItems.map(dim);
  const columnDims: DimSpec[] = [];
  for (const c of items(data.colorAxis)) (shape === 'cross' ? columnDims : dims).push(dim(c));
  const measureItems = [...items(data.valueAxis), ...items(data.viceValueAxis)];
  let measures = measureItems.map((m) => measure(m, shape === 'table' ? 'none' : 'sum'));
  if (shape === 'table') {
    // A table lists `cols`; a column without an aggregate is shown as it is.
    const cols = items(data.cols);
    measures = [...measures, ...cols.map((c) => measure(c, 'none'))];
  }
  if (shape === 'kanban' && measures.length === 0) throw new ReportQueryError(REPORT_TEXT.noMeasure);
  const grouped = shape !== 'table' || measures.some((m) => m.aggregate !== 'none') || dims.length > 0;
  // Grouped tables group by their un-aggregated columns too.
  if (shape === 'table' && grouped) {
    for (const m of measures.filter((x) => x.aggregate === 'none')) dims.push({ col: m.col, dateDim: null, key: m.key });
    measures = measures.filter((m) => m.aggregate !== 'none');
  }

  const b: Built = { fields: new Map(), targets: new Map() };
  const parts = [
    parseList(data.condFilters, resolve, b),
    parseList(body.queryConditions, resolve, b),
    parseList(superConditionsOf(body.superConditions, data.superConds), resolve, b),
    parseList(drill.conds, resolve, b),
  ].filter((c): c is Condition => c !== null);
  const { where, having } = splitConditions(parts, b.targets);

  const sorts = sortsOf(data, [...dims, ...columnDims], measures);
  const paged = shape === 'table';
  const querySize = intIn(widget.querySize ?? data.querySize, 1, REPORT_LIMITS.maxQuerySize, REPORT_LIMITS.defaultQuerySize);
  const pageSize = paged ? intIn(body.pageSize, 1, REPORT_LIMITS.maxPageSize, REPORT_LIMITS.defaultPageSize) : querySize;
  const pageNum = paged ? intIn(body.pageNum, 1, 1_000_000, 1) : 1;
  return {
    shape,
    smallType,
    dims,
    columnDims,
    measures,
    grouped,
    where,
    having,
    targets: b.targets,
    sorts,
    limit: pageSize,
    offset: (pageNum - 1) * pageSize,
    paged,
  };
}

/** Super conditions are the widget's `superConds` that carry a default, unless the call sends its own. */
function superConditionsOf(sent: unknown, designed: unknown): unknown {
  if (Array.isArray(sent) && sent.length > 0) return sent;
  if (!Array.isArray(designed)) return null;
  return designed
    .filter((c): c is Item => typeof c === 'object' && c !== null && c.default !== undefined && c.default !== null && c.default !== '')
    .map((c) => ({ ...c, value: c.value ?? c.default }));
}

/** Sorts from the axis items' `sort` and the widget's `querySort`; by default the dimensions ascending. */
function sortsOf(data: Item, dims: DimSpec[], measures: MeasureSpec[]): SortSpec[] {
  const byKey = new Set([...dims.map((d) => d.key), ...measures.map((m) => m.key)]);
  const out: SortSpec[] = [];
  for (const s of items(data.querySort)) {
    const key = String(s.key ?? '');
    if (!byKey.has(key)) throw new ReportQueryError(REPORT_TEXT.badSort(key));
    if (s.sort === 'asc' || s.sort === 'desc') out.push({ key, order: s.sort });
  }
  const axisSorts = [...items(data.classAxis), ...items(data.valueAxis), ...items(data.viceValueAxis), ...items(data.colorAxis)];
  for (const item of axisSorts) {
    if (item.sort !== 'asc' && item.sort !== 'desc') continue;
    const key = [...dims, ...measures].find((x) => x.col.id === item.id || x.col.column === item.column)?.key;
    if (key && !out.some((s) => s.key === key)) out.push({ key, order: item.sort });
  }
  // A cut must be stable: the same groups every time, so the dimensions always break ties.
  for (const d of dims) if (!out.some((s) => s.key === d.key)) out.push({ key: d.key, order: 'asc' });
  return out;
}
