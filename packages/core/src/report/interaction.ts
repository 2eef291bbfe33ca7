/**
 * What a click on a report does (spec 002 §4): drilling down a widget's drilling axis, linking a
 * clicked value or the query widget's conditions to the other widgets, and the widget's auto
 * refresh. Pure functions of the saved widgets; the viewer keeps the state.
 */
import { AXIS_TEXT, dimKey, type AxisItem } from './axisRules.ts';
import { REPORT_GRID, type Json, type ReportWidget } from './widgetDefinitions.ts';

/** One level drilled through: the level's column and the value clicked there. */
export interface DrillStep {
  id: string;
  table: string;
  column: string;
  dataType?: string;
  dateDim?: string;
  label: string;
  value: unknown;
}

export interface ReportCondition extends Json {
  condType: 'single';
  id?: string;
  table: string;
  column: string;
  dataType?: string;
  dateDim?: string;
  matchType: string;
  value: unknown;
}

const axis = (w: Json, name: string): AxisItem[] => {
  const data = (w.data ?? {}) as Json;
  return Array.isArray(data[name]) ? (data[name] as AxisItem[]) : [];
};

/** The level shown after `path`: the drilling axis item at that depth (null without a drilling axis). */
export function drillLevel(widget: Json, path: readonly DrillStep[]): AxisItem | null {
  return axis(widget, 'drillingAxis')[path.length] ?? null;
}

function equality(item: { id?: string; table: string; column: string; dataType?: string; dateDim?: string }, value: unknown): ReportCondition {
  const c: ReportCondition = { condType: 'single', table: item.table, column: item.column, matchType: '$eq', value };
  if (item.id) c.id = item.id;
  if (item.dataType) c.dataType = item.dataType;
  if (item.dateDim) c.dateDim = item.dateDim;
  return c;
}

/**
 * The query body's drillingConditions (DESIGN §11): the current level, its depth and the values
 * above it. `current` alone (the original's) cannot tell 入园日期(月) from 入园日期(日): `depth` can.
 */
export function drillingConditions(widget: Json, path: readonly DrillStep[]): { current: string; depth: number; conds: ReportCondition[] } | null {
  const level = drillLevel(widget, path);
  if (!level) return null;
  return { current: level.column, depth: path.length, conds: path.map((s) => equality(s, s.value)) };
}

export type DrillOutcome = { ok: true; path: DrillStep[] } | { ok: false; message: string };

/** A click on `value` at the current level: one level down, or 已经钻取到最后一层了 at the last. */
export function drillDown(widget: Json, path: readonly DrillStep[], value: unknown): DrillOutcome {
  const levels = axis(widget, 'drillingAxis');
  const level = levels[path.length];
  if (!level || path.length + 1 >= levels.length) return { ok: false, message: AXIS_TEXT.lastLevel };
  const step: DrillStep = { id: level.id, table: level.table, column: level.column, dataType: level.dataType, label: String(value ?? ''), value };
  if (level.dateDim) step.dateDim = level.dateDim;
  return { ok: true, path: [...path, step] };
}

/** Back to a level of the drill path (0 = the top). */
export function drillBack(path: readonly DrillStep[], level: number): DrillStep[] {
  return path.slice(0, Math.max(0, level));
}

export function hasDrilling(widget: Json): boolean {
  return axis(widget, 'drillingAxis').length > 0;
}

/** The dimension a click on a chart names: the drill level shown, else the first class (or colour) item. */
export function clickedDimension(widget: Json, path: readonly DrillStep[]): AxisItem | null {
  return drillLevel(widget, path) ?? axis(widget, 'classAxis')[0] ?? axis(widget, 'colorAxis')[0] ?? null;
}

/** The row key of the clicked dimension's value in a result row. */
export function clickedKey(widget: Json, path: readonly DrillStep[]): string | null {
  const d = clickedDimension(widget, path);
  return d ? dimKey(d) : null;
}

/** A filter one widget puts on the others: from a clicked value, or the query widget's conditions. */
export interface Linkage {
  source: number;
  dataset: string;
  conds: ReportCondition[];
}

export function clickLinkage(widget: ReportWidget, path: readonly DrillStep[], value: unknown): Linkage | null {
  const d = clickedDimension(widget, path);
  const dataset = String(((widget.data ?? {}) as Json).dataset ?? '');
  if (!d || !dataset) return null;
  return { source: widget.id, dataset, conds: [equality(d, value)] };
}

/** What a drilling widget filters the others by after going back up its path: the levels still drilled. */
export function drillPathLinkage(widget: ReportWidget, path: readonly DrillStep[]): Linkage | null {
  const dataset = String(((widget.data ?? {}) as Json).dataset ?? '');
  if (path.length === 0 || !dataset) return null;
  return { source: widget.id, dataset, conds: path.map((s) => equality(s, s.value)) };
}

/** Columns a widget names on any axis, as table.column. */
function columnsOf(widget: Json): Set<string> {
  const out = new Set<string>();
  for (const name of ['classAxis', 'valueAxis', 'viceValueAxis', 'colorAxis', 'drillingAxis', 'cols']) {
    for (const it of axis(widget, name)) out.add(`${it.table}.${it.column}`);
  }
  return out;
}

/**
 * The linked conditions a widget receives (cascading: every other widget's filter applies). A
 * filter reaches a widget on the same dataset, or one whose axes name the filtered column; a
 * condition from another dataset loses its column id, so the receiver resolves it by table and
 * column in its own dataset.
 */
export function linkedConditions(widget: ReportWidget, linkages: readonly Linkage[]): ReportCondition[] {
  const dataset = String(((widget.data ?? {}) as Json).dataset ?? '');
  if (!dataset) return [];
  const named = columnsOf(widget);
  const out: ReportCondition[] = [];
  for (const l of linkages) {
    if (l.source === widget.id) continue;
    for (const c of l.conds) {
      if (l.dataset === dataset) out.push(c);
      else if (named.has(`${c.table}.${c.column}`) || (!c.table && [...named].some((n) => n.endsWith(`.${c.column}`)))) {
        // A condition without a table (a jump's parameter) is resolved by column name alone.
        const { id: _id, table, ...rest } = c;
        out.push((table ? { ...rest, table } : rest) as ReportCondition);
      }
    }
  }
  return out;
}

/** A query widget's condition as configured: a dataset column, a label, a match type, an input kind. */
export interface QueryCondition extends Json {
  key: string;
  id: string;
  table: string;
  column: string;
  dataType: string;
  label: string;
  opt: string;
  type: 'input' | 'select' | 'date' | 'number';
  options?: Array<{ value: string; label: string }>;
}

/**
 * The query widget's conditions with what was entered: only non-empty values make a condition
 * (§5); `$in` takes a [from, to] range.
 */
export function queryWidgetConditions(conditions: readonly QueryCondition[], values: Readonly<Record<string, unknown>>): ReportCondition[] {
  const out: ReportCondition[] = [];
  for (const c of conditions) {
    const v = values[c.key];
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) {
      const parts = v.filter((x) => x !== undefined && x !== null && x !== '');
      if (parts.length === 0) continue;
      if (c.opt === '$in') {
        if (parts.length < 2) continue;
        out.push({ ...equality(c, [String(parts[0]), String(parts[1])]), matchType: '$in' });
      } else out.push({ ...equality(c, parts.map(String).join(',')), matchType: '$all' });
      continue;
    }
    out.push({ ...equality(c, String(v)), matchType: c.opt || '$eq' });
  }
  return out;
}

/** The floor of a widget's auto refresh: a dashboard left open must not hammer the server. */
export const AUTO_REFRESH_FLOOR_MS = 60_000;

/** The refresh interval of a widget's `sensior`, never below the floor; null when off. */
export function autoRefreshMs(sensior: unknown): number | null {
  if (typeof sensior !== 'object' || sensior === null) return null;
  const s = sensior as Json;
  if (s.autoRefresh !== true && s.autoRefresh !== 'true' && s.autoRefresh !== 1) return null;
  const count = Number(s.count);
  if (!Number.isFinite(count) || count <= 0) return AUTO_REFRESH_FLOOR_MS;
  const unit = s.countType === 'second' ? 1000 : s.countType === 'hour' ? 3_600_000 : 60_000;
  return Math.max(AUTO_REFRESH_FLOOR_MS, Math.round(count * unit));
}

/* ── Grid and settingMeta ── */

/** A grid item in react-grid-layout's 0-based cells; saved widgets count from 1 like the origin's gridster. */
export interface GridCell {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export function gridCellOf(w: ReportWidget): GridCell {
  const cols = REPORT_GRID.cols;
  const width = Math.min(cols, Math.max(1, Math.round(w.sizex) || REPORT_GRID.defaultWidth));
  return { i: String(w.id), x: Math.min(cols - width, Math.max(0, Math.round(w.x) - 1)), y: Math.max(0, Math.round(w.y) - 1), w: width, h: Math.max(1, Math.round(w.sizey) || 1) };
}

/** Widgets with the cells a layout change gave them. */
export function applyGrid<T extends ReportWidget>(widgets: readonly T[], cells: readonly GridCell[]): T[] {
  const byId = new Map(cells.map((c) => [c.i, c]));
  return widgets.map((w) => {
    const c = byId.get(String(w.id));
    if (!c) return w;
    const next = { x: c.x + 1, y: c.y + 1, sizex: c.w, sizey: c.h };
    return next.x === w.x && next.y === w.y && next.sizex === w.sizex && next.sizey === w.sizey ? w : { ...w, ...next };
  });
}

/** The first free row under every widget (1-based), where a new one goes when not dropped elsewhere. */
export function nextFreeRow(widgets: readonly ReportWidget[]): number {
  return widgets.reduce((m, w) => Math.max(m, w.y + w.sizey), 1);
}

/** A fresh widget id, larger than any in the report (tabs included). */
export function nextWidgetId(widgets: readonly ReportWidget[]): number {
  let max = 0;
  const walk = (list: readonly Json[]) => {
    for (const w of list) {
      max = Math.max(max, Number(w.id) || 0);
      for (const t of Array.isArray(w.tabs) ? (w.tabs as Json[]) : []) walk((((t.tabContent ?? {}) as Json).widgets as Json[]) ?? []);
    }
  };
  walk(widgets);
  return max + 1;
}

/** Row height in pixels at a width: the base height scales with the canvas against the reference width. */
export function rowHeightAt(width: number): number {
  return (REPORT_GRID.baseHeight * width) / REPORT_GRID.referenceWidth;
}

export interface SettingMeta extends Json {
  layout: { rows: Array<{ columns: Array<{ widgetId: number }> }>; style: { verticalSpacing: number; backgroundColor?: string | null } };
  widgets: ReportWidget[];
  themeId: string | null;
  version: 1;
}

/** settingMeta as the origin saves it (DESIGN §11): rows of widget ids in reading order, then the widgets. */
export function buildSettingMeta(widgets: readonly ReportWidget[], backgroundColor: string | null = null): SettingMeta {
  const sorted = [...widgets].sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: Array<{ y: number; columns: Array<{ widgetId: number }> }> = [];
  for (const w of sorted) {
    const row = rows.find((r) => r.y === w.y);
    if (row) row.columns.push({ widgetId: w.id });
    else rows.push({ y: w.y, columns: [{ widgetId: w.id }] });
  }
  return {
    layout: { rows: rows.map((r) => ({ columns: r.columns })), style: { verticalSpacing: REPORT_GRID.margin, backgroundColor } },
    widgets: sorted,
    themeId: null,
    version: 1,
  };
}

/** The widgets of a stored settingMeta (a string or an object); anything unreadable is an empty report. */
export function readSettingMeta(raw: unknown): { widgets: ReportWidget[]; backgroundColor: string | null } {
  let m: unknown = raw;
  if (typeof raw === 'string') {
    try {
      m = JSON.parse(raw);
    } catch {
      m = null;
    }
  }
  const meta = (typeof m === 'object' && m !== null ? m : {}) as Json;
  const widgets = (Array.isArray(meta.widgets) ? meta.widgets : []).filter((w): w is ReportWidget => typeof w === 'object' && w !== null && 'id' in w);
  const style = ((meta.layout as Json | undefined)?.style ?? {}) as Json;
  return { widgets, backgroundColor: typeof style.backgroundColor === 'string' ? style.backgroundColor : null };
}

/* ── Widgets inside tab pages ── */

function tabsOf(w: Json): Json[] {
  return Array.isArray(w.tabs) ? (w.tabs as Json[]) : [];
}

/** A widget by id, at the top level or inside a tab page. */
export function findWidgetIn(widgets: readonly ReportWidget[], id: number): ReportWidget | null {
  for (const w of widgets) {
    if (w.id === id) return w;
    for (const t of tabsOf(w)) {
      const inner = findWidgetIn((((t.tabContent ?? {}) as Json).widgets as ReportWidget[]) ?? [], id);
      if (inner) return inner;
    }
  }
  return null;
}

/** The widgets with one replaced (or removed, when `next` is null) wherever it sits. */
export function replaceWidgetIn(widgets: readonly ReportWidget[], id: number, next: ReportWidget | null): ReportWidget[] {
  const out: ReportWidget[] = [];
  for (const w of widgets) {
    if (w.id === id) {
      if (next) out.push(next);
      continue;
    }
    const tabs = tabsOf(w);
    if (tabs.length === 0) {
      out.push(w);
      continue;
    }
    out.push({
      ...w,
      tabs: tabs.map((t) => {
        const content = (t.tabContent ?? {}) as Json;
        return { ...t, tabContent: { ...content, widgets: replaceWidgetIn((content.widgets as ReportWidget[]) ?? [], id, next) } };
      }),
    });
  }
  return out;
}

/** A copy of a widget (and of the widgets in its tabs) under fresh ids, placed below the original. */
export function copyWidget(widgets: readonly ReportWidget[], w: ReportWidget): ReportWidget {
  let id = nextWidgetId(widgets);
  const renumber = (x: ReportWidget): ReportWidget => ({
    ...x,
    id: id++,
    ...(Array.isArray(x.tabs)
      ? {
          tabs: tabsOf(x).map((t) => {
            const content = (t.tabContent ?? {}) as Json;
            return { ...t, tabContent: { ...content, widgets: ((content.widgets as ReportWidget[]) ?? []).map(renumber) } };
          }),
        }
      : {}),
  });
  // A JSON round trip: settingMeta is JSON, and core has no structuredClone in its lib.
  return { ...renumber(JSON.parse(JSON.stringify(w)) as ReportWidget), y: w.y + w.sizey };
}

/* ── 高级条件 (superConds) ── */

/**
 * A designed super condition (spec 002 §3, the widget's `superConds`): a named condition the reader
 * switches on and off as a chip above the widget. `default` holds the value of one that applies
 * from the start (the origin's shape: superConditions are the superConds that have a default).
 */
export interface SuperCond extends Json {
  label: string;
  id?: string;
  table: string;
  column: string;
  dataType?: string;
  condType: 'single';
  matchType: string;
  aggregate?: string;
  value?: unknown;
  default?: unknown;
}

const filled = (v: unknown) => v !== undefined && v !== null && v !== '';

export function superCondsOf(widget: Json): SuperCond[] {
  const list = ((widget.data ?? {}) as Json).superConds;
  return Array.isArray(list) ? (list.filter((c) => typeof c === 'object' && c !== null && typeof (c as Json).column === 'string') as SuperCond[]) : [];
}

/** The chips on at first: those with a default. */
export function superDefaults(widget: Json): number[] {
  return superCondsOf(widget).flatMap((c, i) => (filled(c.default) ? [i] : []));
}

/**
 * The chips on, given the reader's choice (null: untouched). Choosing none falls back to the
 * defaults, as the server does for an empty superConditions list.
 */
export function superSelection(widget: Json, chosen: readonly number[] | null): number[] {
  const n = superCondsOf(widget).length;
  const picked = (chosen ?? []).filter((i) => i >= 0 && i < n);
  return picked.length > 0 ? picked : superDefaults(widget);
}

/** The query body's superConditions for the chips on: each as a condition with its value. */
export function superConditionsFor(widget: Json, chosen: readonly number[] | null): ReportCondition[] {
  const all = superCondsOf(widget);
  return superSelection(widget, chosen).map((i) => {
    const { label: _label, default: dflt, value, ...cond } = all[i]!;
    return { ...cond, condType: 'single', value: filled(value) ? value : dflt } as ReportCondition;
  });
}

/* ── Importing through a table widget ── */

/**
 * The form a table widget imports into (spec 002 §2: the table widget's import), or null. The
 * designer offers 导入 only on a dataset over a form and keeps that form in
 * `reportSettings.importSettings.formId`; the rows go through the form's own import, which checks
 * the reader's right to add records and every value as the list page's import does.
 */
export function tableImportFormId(widget: Json): number | null {
  const data = (widget.data ?? {}) as Json;
  const btns = Array.isArray(data.btns) ? (data.btns as unknown[]) : [];
  const offered = btns.some((b) => typeof b === 'object' && b !== null && ((b as Json).key === 'import' || (b as Json).type === 'import'));
  const settings = (((data.reportSettings ?? {}) as Json).importSettings ?? {}) as Json;
  const formId = Number(settings.formId);
  return offered && Number.isInteger(formId) && formId > 0 ? formId : null;
}

/** The table's data with 导入 offered into `formId`, or taken away (null). */
export function withTableImport(data: Json, formId: number | null): Json {
  const btns = (Array.isArray(data.btns) ? (data.btns as Json[]) : []).filter((b) => b?.key !== 'import' && b?.type !== 'import');
  const rs = (data.reportSettings ?? {}) as Json;
  const { formId: _f, ...settings } = (rs.importSettings ?? {}) as Json;
  if (formId === null) return { ...data, btns, reportSettings: { ...rs, importSettings: settings } };
  return { ...data, btns: [...btns, { key: 'import', name: '导入' }], reportSettings: { ...rs, importSettings: { list: [], startRow: 1, startColumn: 1, ...settings, formId } } };
}
