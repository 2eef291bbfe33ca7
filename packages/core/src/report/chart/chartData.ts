import { clickedKey, type DrillStep } from '../interaction.ts';
import { DEFAULT_CHART_COLORS, type Json, type ReportWidget } from '../widgetDefinitions.ts';
import { dimKey, itemLabel, measureKey, type AxisItem } from '../axisRules.ts';

/** Rows of a chart result turned into categories and series: the shape every chart kind draws. */
export interface SeriesData {
  name: string;
  values: Array<number | null>;
  /** 1: the composite's vice-value axis. */
  axisIndex: 0 | 1;
  /** The composite's per-measure type (line, area, column). */
  seriesType?: string;
}

export interface ChartData {
  categories: string[];
  series: SeriesData[];
}

/** A category whose value is empty (a record with no region, say): its label, and a click on it filters on null. */
export const EMPTY_CATEGORY = '未填写';
const items = (w: ReportWidget, axis: string): AxisItem[] => {
  const d = (w.data ?? {}) as Json;
  return Array.isArray(d[axis]) ? (d[axis] as AxisItem[]) : [];
};
const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
const text = (v: unknown): string => (v === null || v === undefined || v === '' ? EMPTY_CATEGORY : String(v));

export function chartData(widget: ReportWidget, rows: ReadonlyArray<Record<string, unknown>>, path: readonly DrillStep[]): ChartData {
  const catKey = clickedKey(widget, path);
  const colors = items(widget, 'colorAxis');
  const values = items(widget, 'valueAxis').map((m) => ({ m, axisIndex: 0 as const }));
  const vice = items(widget, 'viceValueAxis').map((m) => ({ m, axisIndex: 1 as const }));
  const measures = [...values, ...vice];
  // With a colour legend the class axis gives the categories and the legend the series.
  const classKey = items(widget, 'drillingAxis').length > 0 || items(widget, 'classAxis').length > 0 ? catKey : null;
  const categories: string[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const c = classKey ? text(r[classKey]) : '';
    if (!seen.has(c)) {
      seen.add(c);
      categories.push(c);
    }
  }
  if (colors.length > 0 && measures.length > 0) {
    const colorKey = dimKey(colors[0]!);
    const { m, axisIndex } = measures[0]!;
    const key = measureKey(m);
    const byColor = new Map<string, Array<number | null>>();
    for (const r of rows) {
      const s = text(r[colorKey]);
      if (!byColor.has(s)) byColor.set(s, categories.map(() => null));
      byColor.get(s)![categories.indexOf(classKey ? text(r[classKey]) : '')] = num(r[key]);
    }
    return { categories, series: [...byColor].map(([name, vals]) => ({ name, values: vals, axisIndex, seriesType: m.seriesType as string | undefined })) };
  }
  return {
    categories,
    series: measures.map(({ m, axisIndex }) => {
      const key = measureKey(m);
      const vals = categories.map(() => null as number | null);
      for (const r of rows) vals[categories.indexOf(classKey ? text(r[classKey]) : '')] = num(r[key]);
      return { name: itemLabel(m), values: vals, axisIndex, seriesType: m.seriesType as string | undefined };
    }),
  };
}

/** The widget's colours: its seriesColor1…10 where set, the defaults elsewhere. */
export function paletteOf(widget: ReportWidget): string[] {
  const style = widget.style ?? {};
  return DEFAULT_CHART_COLORS.map((c, i) => {
    const own = style[`seriesColor${i + 1}`];
    return typeof own === 'string' && own ? own : c;
  });
}

/** Each category's values as a share of its total, for percent-stacked charts. */
export function asPercent(series: SeriesData[]): SeriesData[] {
  const n = series[0]?.values.length ?? 0;
  const totals = Array.from({ length: n }, (_, i) => series.reduce((s, x) => s + (x.values[i] ?? 0), 0));
  return series.map((s) => ({ ...s, values: s.values.map((v, i) => (v === null || !totals[i] ? v : Math.round((v / totals[i]!) * 10000) / 100)) }));
}

/** ECharts' legend placement for the style's legendAlign (none hides it). */
export function legendOf(widget: ReportWidget): Json {
  const align = String(widget.style?.legendAlign ?? 'top');
  switch (align) {
    case 'none':
      return { show: false };
    case 'bottom':
      return { show: true, bottom: 0 };
    case 'left':
      return { show: true, left: 0, top: 'middle', orient: 'vertical' };
    case 'right':
      return { show: true, right: 0, top: 'middle', orient: 'vertical' };
    case 'center':
      return { show: true, left: 'center', top: 'middle' };
    default:
      return { show: true, top: 0 };
  }
}
