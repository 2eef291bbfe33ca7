/**
 * The list page's V2 settings (`sensorSettingsV2`, the original client's 高级设置 page): a layout
 * of widgets from the advanced-settings palette, typically a query widget above a table widget.
 *
 * Our designer edits `sensorSettings`; a form saved without a V2 layout gets one derived from it
 * (spec 002 §4: old settings are converted once when the new ones are absent), marked with
 * `derivedFrom`, so the next save derives it again instead of keeping a stale copy. A layout saved
 * through `saveFormSeniorConfV2` carries no marker and is kept as it is.
 */
import { designNumber, isRecord, scalarText } from '../form/lib/values.ts';
import type { FormMeta, SensorSettings, SensorSettingsV2 } from '../form/types.ts';
import { LIST_PAGE_SIZE } from './importExport.ts';
import {
  buttonsOf,
  DEFAULT_COLUMN_COUNT,
  FUNCTION_ALIASES,
  FUNCTION_NAMES,
  queryFieldOf,
  readSensorSettings,
  resultColumnOf,
  ROW_ALIASES,
  ROW_NAMES,
  valueControls,
  type ListSettings,
  type QueryField,
  type ResultColumn,
} from './settings.ts';

type Json = Record<string, unknown>;

/** What a widget does on the list page. */
export type V2WidgetRole = 'query' | 'table' | 'container' | 'decoration';

/** The advanced-settings palette (advancedSetting.config.json's `basic` group). */
export type V2WidgetType = 'queryWidget' | 'tableReportWidget' | 'textWidget' | 'imgWidget' | 'innerPageWidget' | 'tabPageWidget';

export const V2_WIDGET_TYPES: Readonly<Record<V2WidgetType, { name: string; role: V2WidgetRole }>> = {
  queryWidget: { name: '查询控件', role: 'query' },
  tableReportWidget: { name: '表格', role: 'table' },
  textWidget: { name: '文本控件', role: 'decoration' },
  imgWidget: { name: '图片', role: 'decoration' },
  innerPageWidget: { name: '内嵌页面', role: 'decoration' },
  tabPageWidget: { name: 'Tab', role: 'container' },
};

/** Marks a layout we derived from sensorSettings (the value names the source). */
export const DERIVED_MARK = 'derivedFrom';
/** Fixed ids of a derived layout's widgets, so a list page's widgetId survives a re-derivation. */
export const DERIVED_TABLE_WIDGET_ID = 1;
export const DERIVED_QUERY_WIDGET_ID = 2;
/** Bounds on one saved layout: widgets in all (tabs included) and tab nesting. */
export const V2_LIMITS = { maxWidgets: 100, maxDepth: 3 } as const;

const text = (v: unknown) => scalarText(v).trim();

/** A widget's palette type: the table is saved as `type: 'reportWidget'` with a `reportType`. */
export function widgetTypeOf(widget: unknown): V2WidgetType | null {
  if (!isRecord(widget)) return null;
  const options = isRecord(widget.options) ? widget.options : {};
  const candidates = [widget.reportType, options.reportType, widget.type];
  for (const c of candidates) {
    const t = text(c);
    if (Object.hasOwn(V2_WIDGET_TYPES, t)) return t as V2WidgetType;
  }
  return null;
}

function tabsOf(widget: Json): unknown[] {
  const options = isRecord(widget.options) ? widget.options : {};
  return Array.isArray(widget.tabs) ? widget.tabs : Array.isArray(options.tabs) ? options.tabs : [];
}

/** Every widget of a layout in page order, those inside tab pages included (up to V2_LIMITS.maxDepth). */
export function v2Widgets(v2: unknown): Json[] {
  const out: Json[] = [];
  const walk = (list: unknown, depth: number) => {
    if (!Array.isArray(list) || depth > V2_LIMITS.maxDepth) return;
    for (const w of list) {
      if (!isRecord(w)) continue;
      out.push(w);
      for (const tab of tabsOf(w)) {
        if (isRecord(tab) && isRecord(tab.tabContent)) walk(tab.tabContent.widgets, depth + 1);
      }
    }
  };
  walk(isRecord(v2) ? v2.widgets : undefined, 0);
  return out;
}

export function isDerivedV2(v2: unknown): boolean {
  return isRecord(v2) && text(v2[DERIVED_MARK]) !== '';
}

/** A layout someone saved (not one we derived) that has a table to show. */
export function hasSavedV2(meta: FormMeta): boolean {
  const v2 = meta.sensorSettingsV2;
  return isRecord(v2) && !isDerivedV2(v2) && v2Widgets(v2).some((w) => widgetTypeOf(w) === 'tableReportWidget');
}

/** The table widget a data call names, else the first table widget; null when there is none. */
export function tableWidgetOf(v2: unknown, widgetId?: unknown): Json | null {
  const tables = v2Widgets(v2).filter((w) => widgetTypeOf(w) === 'tableReportWidget');
  const id = text(widgetId);
  if (id !== '' && id !== '0') {
    const named = tables.find((w) => text(w.id) === id);
    if (named) return named;
  }
  return tables[0] ?? null;
}

/** A widget's data block: `data`, or `options.data` in layouts saved by other editors. */
export function widgetData(widget: Json): Json {
  if (isRecord(widget.data)) return widget.data;
  const options = isRecord(widget.options) ? widget.options : {};
  return isRecord(options.data) ? options.data : {};
}

/** The origin names the update time `last_update_time`; our column is `update_time`. */
const SORT_KEY_ALIASES: Readonly<Record<string, string>> = { last_update_time: 'update_time' };

/** What a table widget adds to every query of its data: fixed filters and the sort. */
export function tableWidgetQuery(widget: Json | null): { condFilters: unknown[]; querySort: Array<{ key: string; sort: string }> } {
  const data = widget ? widgetData(widget) : {};
  const condFilters = Array.isArray(data.condFilters) ? data.condFilters : [];
  const querySort = (Array.isArray(data.querySort) ? data.querySort : []).filter(isRecord).map((s) => {
    const key = text(s.key ?? s.model);
    return { key: SORT_KEY_ALIASES[key] ?? key, sort: text(s.sort ?? s.order) || 'asc' };
  });
  return { condFilters, querySort };
}

/** Where the layout says how sub-tables show: the V2 root or a widget's showType (spec 001 §2.8). */
export function tableShowTypeOf(meta: FormMeta): 'tabs' | 'stack' {
  const v2 = meta.sensorSettingsV2;
  const places: unknown[] = [];
  if (isRecord(v2)) places.push(v2);
  for (const w of v2Widgets(v2)) places.push(w.showType, widgetData(w).showType, isRecord(w.options) ? w.options.showType : undefined);
  for (const place of places) {
    const kind = isRecord(place) ? text(place.tableShowType).toLowerCase() : '';
    if (kind === '') continue;
    return ['transverse', 'tabs', 'tab', '0', 'horizontal'].includes(kind) ? 'tabs' : 'stack';
  }
  return 'tabs';
}

const FULL_ADD = new Set(['full', 'page', 'normal', '1']);

/** The list page as a saved V2 layout describes it: its first query widget and its first table widget. */
export function readSensorSettingsV2(meta: FormMeta): ListSettings {
  const v2 = meta.sensorSettingsV2;
  const widgets = v2Widgets(v2);
  const query = widgets.find((w) => widgetTypeOf(w) === 'queryWidget') ?? null;
  const table = tableWidgetOf(v2);
  const controls = valueControls(meta);

  const queryOptions = query && isRecord(query.options) ? query.options : {};
  const rawConditions = query ? (Array.isArray(query.conditions) ? query.conditions : queryOptions.conditions) : [];
  const fields = (Array.isArray(rawConditions) ? rawConditions : [])
    .map((c) => queryFieldOf(c, controls))
    .filter((f): f is QueryField => f !== null);
  const layout = query && isRecord(query.layout) ? query.layout : {};
  const queryStyle = query && isRecord(query.style) ? query.style : {};
  const count = Math.round(designNumber(layout.columnCount ?? queryStyle.columnCount) ?? DEFAULT_COLUMN_COUNT);

  const data = table ? widgetData(table) : {};
  // `$seq` and `$opt` place the serial number and the row buttons in the origin's table; ours are fixed.
  let columns = (Array.isArray(data.cols) ? data.cols : [])
    .filter((c) => !(isRecord(c) && text(c.key).startsWith('$')))
    .map((c) => resultColumnOf(c, controls))
    .filter((c): c is ResultColumn => c !== null);
  if (columns.length === 0) columns = [...controls.values()].map((c) => resultColumnOf({ key: c.model }, controls)!);

  const showType = table && isRecord(table.showType) ? table.showType : {};
  const addShowType = text(showType.addShowType) || text(data.addShowType) || (isRecord(v2) ? text(v2.addShowType) : '');
  const style = table && isRecord(table.style) ? table.style : {};
  const size = Math.round(designNumber(style.pageSize) ?? LIST_PAGE_SIZE);
  return {
    fields,
    columnCount: Math.min(6, Math.max(1, count)),
    columns,
    functionButtons: buttonsOf(data.btns, FUNCTION_ALIASES, FUNCTION_NAMES, ['add', 'delete', 'import', 'export']),
    rowButtons: buttonsOf(data.optButtons, ROW_ALIASES, ROW_NAMES, ['edit', 'delete', 'view']),
    addFull: FULL_ADD.has(addShowType.toLowerCase()),
    source: 'sensorSettingsV2',
    widgetId: table ? text(table.id) || null : null,
    pageSize: Math.min(500, Math.max(1, size)),
  };
}

/** Everything the list page needs from a design: a saved V2 layout wins, else sensorSettings. */
export function readListSettings(meta: FormMeta): ListSettings {
  if (hasSavedV2(meta)) return readSensorSettingsV2(meta);
  const settings = readSensorSettings(meta);
  // A derived layout's table id is fixed, so the page can name it in queryFormDataV2.
  return isDerivedV2(meta.sensorSettingsV2) ? { ...settings, widgetId: String(DERIVED_TABLE_WIDGET_ID) } : settings;
}

/**
 * The V2 layout of a design's sensorSettings: a table widget (columns, buttons, sort, import and
 * export settings) and, when query conditions exist, a query widget above it.
 */
export function deriveSensorSettingsV2(sensorSettings: SensorSettings | undefined): SensorSettingsV2 {
  const s: Json = isRecord(sensorSettings) ? sensorSettings : {};
  const conditions = Array.isArray(s.queryConditions) ? s.queryConditions : [];
  const hasQuery = conditions.length > 0;
  const queryLayout = isRecord(s.queryLayout) ? s.queryLayout : {};
  const reportSettings = isRecord(s.reportSettings)
    ? s.reportSettings
    : isRecord(s.importSettings) || isRecord(s.exportSettings)
      ? { importSettings: s.importSettings, exportSettings: s.exportSettings }
      : undefined;
  const addShowType = text(s.addShowType) || 'dialog';
  const data: Json = {
    cols: (Array.isArray(s.queryResults) ? s.queryResults : []).map((r) => (typeof r === 'string' ? { key: r } : r)),
    condFilters: [],
    querySort: Array.isArray(s.querySort) ? s.querySort : [],
    addShowType,
  };
  // Absent button lists mean "every standard button"; an empty list means none. Keep the difference.
  if (Array.isArray(s.functionButtons)) data.btns = s.functionButtons;
  if (Array.isArray(s.optButtons)) data.optButtons = s.optButtons;
  if (reportSettings) data.reportSettings = reportSettings;
  const showType: Json = { addShowType };
  if (text(s.tableShowType)) showType.tableShowType = text(s.tableShowType);

  const widgets: Json[] = [];
  if (hasQuery) {
    widgets.push({
      id: DERIVED_QUERY_WIDGET_ID,
      name: V2_WIDGET_TYPES.queryWidget.name,
      type: 'queryWidget',
      x: 1,
      y: 1,
      sizex: 76,
      sizey: 16,
      layout: { columnCount: designNumber(queryLayout.columnCount) ?? DEFAULT_COLUMN_COUNT },
      conditions: conditions.map((c) => (isRecord(c) ? { style: { widthScale: 1 }, ...c } : c)),
      style: { mainTitleVisiable: false },
    });
  }
  widgets.push({
    id: DERIVED_TABLE_WIDGET_ID,
    name: '',
    type: 'reportWidget',
    reportType: 'tableReportWidget',
    x: 1,
    y: hasQuery ? 17 : 1,
    sizex: 76,
    sizey: 90,
    data,
    showType,
    style: { pagination: true, pageSize: LIST_PAGE_SIZE, showSerialNum: true },
  });
  return {
    [DERIVED_MARK]: 'sensorSettings',
    version: 1,
    ...(showType.tableShowType ? { tableShowType: showType.tableShowType } : {}),
    addShowType,
    layout: { rows: widgets.map((w) => ({ columns: [{ widgetId: w.id }] })), style: { verticalSpacing: 5 } },
    widgets,
  };
}

/** A design with its V2 layout in place: a saved one kept, a derived or missing one (re)derived. */
export function withSensorSettingsV2(meta: FormMeta): FormMeta {
  const v2 = meta.sensorSettingsV2;
  if (isRecord(v2) && !isDerivedV2(v2) && Array.isArray(v2.widgets)) return meta;
  return { ...meta, sensorSettingsV2: deriveSensorSettingsV2(meta.sensorSettings) };
}

export interface V2Problem {
  path: string;
  message: string;
}

/** What is wrong with a V2 layout's structure; the server also checks the columns it names. */
export function checkSensorSettingsV2(raw: unknown): V2Problem[] {
  if (!isRecord(raw)) return [{ path: '', message: '高级设置格式不正确' }];
  if (!Array.isArray(raw.widgets)) return [{ path: 'widgets', message: '高级设置缺少控件列表' }];
  const out: V2Problem[] = [];
  const all = v2Widgets(raw);
  if (all.length > V2_LIMITS.maxWidgets) out.push({ path: 'widgets', message: `高级设置的控件不能超过 ${V2_LIMITS.maxWidgets} 个` });
  raw.widgets.forEach((w, i) => {
    if (!isRecord(w)) out.push({ path: `widgets.${i}`, message: `第${i + 1}个控件格式不正确` });
  });
  const seen = new Set<string>();
  all.forEach((w, i) => {
    const type = widgetTypeOf(w);
    const name = text(w.name) || text(w.type) || `第${i + 1}个控件`;
    if (!type) out.push({ path: `widgets.${i}`, message: `控件「${name}」的类型「${text(w.reportType) || text(w.type)}」不受支持` });
    const id = text(w.id);
    if (id === '') out.push({ path: `widgets.${i}`, message: `控件「${name}」缺少 id` });
    else if (seen.has(id)) out.push({ path: `widgets.${i}`, message: `控件 id「${id}」重复` });
    seen.add(id);
  });
  if (!all.some((w) => widgetTypeOf(w) === 'tableReportWidget')) out.push({ path: 'widgets', message: '高级设置至少需要一个表格控件' });
  return out;
}

/** The column keys a layout names (query conditions, table columns, sort), for the server's whitelist check. */
export function columnKeysOfV2(raw: unknown): Array<{ key: string; where: string }> {
  const out: Array<{ key: string; where: string }> = [];
  for (const w of v2Widgets(raw)) {
    const type = widgetTypeOf(w);
    const label = text(w.name) || (type ? V2_WIDGET_TYPES[type].name : '控件');
    if (type === 'queryWidget') {
      const options = isRecord(w.options) ? w.options : {};
      const conds = Array.isArray(w.conditions) ? w.conditions : Array.isArray(options.conditions) ? options.conditions : [];
      for (const c of conds) {
        const key = isRecord(c) ? text(c.key ?? c.model) : text(c);
        if (key) out.push({ key, where: `${label}的查询条件` });
      }
    }
    if (type === 'tableReportWidget') {
      const data = widgetData(w);
      for (const c of Array.isArray(data.cols) ? data.cols : []) {
        const key = isRecord(c) ? text(c.key ?? c.model) : text(c);
        if (key && !key.startsWith('$')) out.push({ key, where: `${label || '表格'}的列` });
      }
      for (const s of tableWidgetQuery(w).querySort) out.push({ key: s.key, where: `${label || '表格'}的排序` });
    }
  }
  return out;
}
