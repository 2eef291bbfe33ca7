import { PIE_SHAPES } from '@park/core';
import { ChartConfig } from '../shared/config/ChartConfig.tsx';
import { ChartWidget, type OptionBuilder } from '../shared/ChartWidget.tsx';
import { legendOf, paletteOf } from '../shared/chartData.ts';
import type { WidgetRenderProps, WidgetUi } from '../types.ts';

/** 饼图: a pie or a donut (inner size 80%); the tooltip's percentage has 2 decimals (spec 002 §9). */
const build: OptionBuilder = (w, d) => {
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

export const pieWidget: WidgetUi = {
  Renderer: (p: WidgetRenderProps) => <ChartWidget {...p} build={build} />,
  Config: ChartConfig,
};
