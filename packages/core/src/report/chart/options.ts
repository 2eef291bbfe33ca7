import { PIE_SHAPES } from '../widgetDefinitions.ts';
import type { ReportWidget, WidgetKind } from '../widgetDefinitions.ts';
import { cartesianOption, type CartesianShape, type ChartOption } from './cartesian.ts';
import { legendOf, paletteOf, type ChartData } from './chartData.ts';

export type ChartOptionBuilder = (widget: ReportWidget, data: ChartData) => ChartOption;

const smallType = (w: ReportWidget, fallback: string) => String(w.data?.smallType ?? fallback);

/** 折线图: line, area, stacked area (areaspline) and percent stacked area (areasplinerange). */
const LINE_SHAPES: Record<string, CartesianShape> = {
  line: { draw: 'line' },
  area: { draw: 'area' },
  areaspline: { draw: 'area', stack: true },
  areasplinerange: { draw: 'area', stack: true, percent: true },
};

/** 柱状图: columns, stacked (accumulation) and percent stacked (percentage); 条形图 lays them on their side. */
const COLUMN_SHAPES: Record<string, Omit<CartesianShape, 'horizontal'>> = {
  column: { draw: 'column' },
  bar: { draw: 'column' },
  accumulation: { draw: 'column', stack: true },
  percentage: { draw: 'column', stack: true, percent: true },
};
const columnShape = (w: ReportWidget) => COLUMN_SHAPES[smallType(w, 'column')] ?? COLUMN_SHAPES.column!;

/** 饼图: a pie or a donut (inner size 80%); the tooltip's percentage has 2 decimals (spec 002 §9). */
const pieOption: ChartOptionBuilder = (w, d) => {
  const shape = w.style?.shapeType === 'donut' ? PIE_SHAPES.donut : PIE_SHAPES.pie;
  const s = d.series[0];
  const showPercent = w.style?.showPercent !== false;
  return {
    color: paletteOf(w),
    legend: legendOf(w),
    tooltip: { trigger: 'item', formatter: (p: { name: string; value: number; percent: number }) => `${p.name}: ${p.value} (${p.percent.toFixed(2)}%)` },
    series: [
      {
        type: 'pie',
        name: s?.name ?? '',
        // The donut's inner size is a share of the outer radius (Highcharts' innerSize).
        radius: [`${(70 * parseFloat(shape.inner)) / 100}%`, '70%'],
        percentPrecision: 2,
        label: { show: w.style?.dataLabelsEnable !== false, formatter: showPercent ? '{b}: {c} ({d}%)' : '{b}: {c}' },
        data: d.categories.map((name, i) => ({ name, value: s?.values[i] ?? 0 })),
      },
    ],
  };
};

/** The chart kinds and their ECharts options: the browser's widgets and the server's dashboard picture draw the same. */
export const CHART_OPTIONS = {
  line: (w, d) => cartesianOption(w, d, LINE_SHAPES[smallType(w, 'line')] ?? LINE_SHAPES.line!),
  column: (w, d) => cartesianOption(w, d, columnShape(w)),
  bar: (w, d) => cartesianOption(w, d, { ...columnShape(w), horizontal: true }),
  pie: pieOption,
  // 组合图: each measure drawn as its own type (线, 面, 柱); the vice-value measures on a second axis.
  composite: (w, d) => cartesianOption(w, d, { draw: 'own' }),
} satisfies Partial<Record<WidgetKind, ChartOptionBuilder>>;

export type ChartKind = keyof typeof CHART_OPTIONS;
export const isChartKind = (k: string | null): k is ChartKind => k !== null && k in CHART_OPTIONS;
