import type { Json, ReportWidget } from '../widgetDefinitions.ts';
import { asPercent, legendOf, paletteOf, type ChartData } from './chartData.ts';

/** An ECharts option as plain data: the browser's canvas and the server's SVG renderer both take it. */
export type ChartOption = Json;

export interface CartesianShape {
  horizontal?: boolean;
  stack?: boolean;
  percent?: boolean;
  /** Every series drawn as: line, area or column; the composite gives each its own. */
  draw: 'line' | 'area' | 'column' | 'own';
}

/** Line, area, column and bar charts and the composite: categories on one axis, values on one or two. */
export function cartesianOption(widget: ReportWidget, data: ChartData, shape: CartesianShape): ChartOption {
  const style = widget.style ?? {};
  const series = shape.percent ? asPercent(data.series) : data.series;
  const labels = style.dataLabelsEnable !== false;
  const twoAxes = series.some((s) => s.axisIndex === 1);
  const category = { type: 'category', data: data.categories, axisLabel: { hideOverlap: true } };
  const value = (i: number) => ({ type: 'value', max: shape.percent ? 100 : undefined, position: i === 1 ? (shape.horizontal ? 'top' : 'right') : undefined, splitLine: { show: i === 0 } });
  const values = twoAxes ? [value(0), value(1)] : [value(0)];
  return {
    color: paletteOf(widget),
    tooltip: { trigger: 'axis' },
    legend: legendOf(widget),
    grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
    xAxis: shape.horizontal ? values : category,
    yAxis: shape.horizontal ? category : values,
    series: series.map((s) => {
      const draw = shape.draw === 'own' ? s.seriesType ?? (s.axisIndex === 1 ? 'line' : 'column') : shape.draw;
      return {
        name: s.name,
        type: draw === 'column' ? 'bar' : 'line',
        data: s.values,
        ...(draw === 'area' ? { areaStyle: {} } : {}),
        ...(shape.stack ? { stack: 'total' } : {}),
        ...(twoAxes ? (shape.horizontal ? { xAxisIndex: s.axisIndex } : { yAxisIndex: s.axisIndex }) : {}),
        label: { show: labels, position: shape.stack ? 'inside' : shape.horizontal ? 'right' : 'top', formatter: shape.percent ? '{c}%' : undefined },
        emphasis: { focus: 'series' },
      };
    }),
  };
}
