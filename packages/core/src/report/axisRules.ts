/**
 * What the designer allows on a widget's axes (spec 002 §5, with its exact messages) and when a
 * widget may be queried (§4). The server runs the same legality check (widgetQuery.checkLegality);
 * these run in the browser so a refused drop never changes the widget.
 */
import type { DsColumn } from './dataset.ts';
import { REPORT_TEXT } from './widgetQuery.ts';
import { WIDGET_DEFINITIONS, type AxisName, type Json, type WidgetKind } from './widgetDefinitions.ts';

/** One item on an axis: a dataset column plus how it is shown. */
export interface AxisItem extends Json {
  id: string;
  table: string;
  column: string;
  desc: string;
  dataType: string;
  alias: string;
  aggregate?: string;
  sort?: string;
  dateDim?: string;
  express?: string;
}

export const AXIS_TEXT = {
  colorWithManyValuesSingle: '颜色图例轴已有项，值轴只能出现一项',
  duplicateMeasure: '同一字段的同一聚合方式只能出现一次',
  noId: '控件尚未保存编号',
  noDataset: '请先选择数据集',
  lastLevel: '已经钻取到最后一层了',
} as const;

const itemsOf = (data: Json, axis: AxisName): AxisItem[] => (Array.isArray(data[axis]) ? (data[axis] as AxisItem[]) : []);

/** The slot label of an axis on a kind, e.g. 扇区角度/度量 for a pie's value axis. */
export function axisLabel(kind: WidgetKind, axis: AxisName): string {
  return WIDGET_DEFINITIONS[kind].axes.find((a) => a.axis === axis)?.label ?? axis;
}

const overLimit = (label: string) => `已超过[${label}]最多可添加项数量（1）`;

/** How many items an axis of a kind takes (its slot's max, §5). */
function limitOf(kind: WidgetKind, axis: AxisName): number {
  return WIDGET_DEFINITIONS[kind].axes.find((a) => a.axis === axis)?.max ?? Infinity;
}

/** The colour legend's message by rule (the definition's colorLegend). */
const COLOR_LEGEND_TEXT: Record<'single' | 'either', string> = {
  single: AXIS_TEXT.colorWithManyValuesSingle,
  either: REPORT_TEXT.colorWithManyValues,
};

/** The measures a kind's query counts: every measure slot (the composite's main and vice axes). */
function measureCount(kind: WidgetKind, data: Json): number {
  return WIDGET_DEFINITIONS[kind].axes.filter((a) => a.kind === 'measure').reduce((n, a) => n + itemsOf(data, a.axis).length, 0);
}

/** A value item starts with an aggregate: numbers are summed, anything else counted. */
export function newAxisItem(col: DsColumn, axis: AxisName): AxisItem {
  const item: AxisItem = { id: col.id, table: col.table, column: col.column, desc: col.desc, dataType: col.dataType, alias: col.alias, sort: 'none' };
  if (col.express) item.express = col.express;
  if (axis === 'valueAxis' || axis === 'viceValueAxis') item.aggregate = col.dataType === 'Number' ? 'sum' : 'count';
  if (axis === 'cols') item.aggregate = 'none';
  return item;
}

/**
 * Why an item may not be added to an axis, or null. Checked in the order the origin designer
 * checks: the axis's own limit, then the colour-legend rule, then duplicate measures.
 */
export function addItemProblem(kind: WidgetKind, data: Json, axis: AxisName, item: AxisItem): string | null {
  const here = itemsOf(data, axis);
  if (here.length >= limitOf(kind, axis)) return overLimit(axisLabel(kind, axis));
  const values = itemsOf(data, 'valueAxis').length + itemsOf(data, 'viceValueAxis').length;
  const legend = WIDGET_DEFINITIONS[kind].colorLegend;
  if (legend !== null) {
    const colorRule = COLOR_LEGEND_TEXT[legend];
    if (axis === 'colorAxis' && values > 1) return colorRule;
    if ((axis === 'valueAxis' || axis === 'viceValueAxis') && itemsOf(data, 'colorAxis').length > 0 && values >= 1) return colorRule;
  }
  if ((axis === 'valueAxis' || axis === 'viceValueAxis') && duplicateMeasure([...itemsOf(data, 'valueAxis'), ...itemsOf(data, 'viceValueAxis'), item])) {
    return AXIS_TEXT.duplicateMeasure;
  }
  return null;
}

/** Changing an item's aggregate may also make two measures equal. */
export function aggregateProblem(data: Json, axis: AxisName, index: number, aggregate: string): string | null {
  const all = [...itemsOf(data, 'valueAxis'), ...itemsOf(data, 'viceValueAxis')];
  const offset = axis === 'viceValueAxis' ? itemsOf(data, 'valueAxis').length : 0;
  const next = all.map((it, i) => (i === offset + index ? { ...it, aggregate } : it));
  return duplicateMeasure(next) ? AXIS_TEXT.duplicateMeasure : null;
}

function duplicateMeasure(items: AxisItem[]): boolean {
  const seen = new Set<string>();
  for (const it of items) {
    const sig = `${it.table}|${it.column}|${it.aggregate ?? ''}`;
    if (seen.has(sig)) return true;
    seen.add(sig);
  }
  return false;
}

export type Legality = { ok: true } | { ok: false; reason: string };

/**
 * §4: a chart is queried only when it has an id, a class or colour axis (a drilling axis gives
 * the class), value axes (composite: value or vice), and no two measures share table, column and
 * aggregate. Tables need columns; kanbans a value; cross tables a row or column and a value.
 */
export function widgetLegality(kind: WidgetKind, widget: Json): Legality {
  const data = (widget.data ?? {}) as Json;
  if (widget.id === undefined || widget.id === null || widget.id === '') return { ok: false, reason: AXIS_TEXT.noId };
  if (!data.dataset) return { ok: false, reason: AXIS_TEXT.noDataset };
  const n = (a: AxisName) => itemsOf(data, a).length;
  const needs = WIDGET_DEFINITIONS[kind].queryNeeds;
  if (needs === 'columns') return n('cols') > 0 ? { ok: true } : { ok: false, reason: '请添加表格列' };
  if (measureCount(kind, data) === 0) return { ok: false, reason: REPORT_TEXT.noMeasure };
  if (needs === 'measure') return { ok: true };
  if (n('classAxis') + n('colorAxis') + n('drillingAxis') === 0) return { ok: false, reason: REPORT_TEXT.noDimension };
  if (duplicateMeasure([...itemsOf(data, 'valueAxis'), ...itemsOf(data, 'viceValueAxis')])) return { ok: false, reason: AXIS_TEXT.duplicateMeasure };
  return { ok: true };
}

/** The key a dimension's values come back under: its alias, else its column (the server's rule). */
export function dimKey(item: AxisItem): string {
  return (item.alias ?? '').trim() || item.column;
}

/** The key a measure comes back under: alias, else `aggregate_column` (the column alone without one). */
export function measureKey(item: AxisItem, fallback: 'sum' | 'none' = 'sum'): string {
  const alias = (item.alias ?? '').trim();
  if (alias) return alias;
  const agg = item.aggregate || fallback;
  return agg === 'none' ? item.column : `${agg}_${item.column}`;
}

/** What a column is called on screen: its alias, else its description. */
export function itemLabel(item: AxisItem): string {
  return (item.alias ?? '').trim() || item.desc || item.column;
}
