import { LEVEL_COLORS } from '@park/core';
import type { ChartOption } from '../../../lib/EChart.tsx';
import type { ChartData, Named } from './api.ts';

/** Option builders for the console's charts, from the statistics calls' chart-ready shapes. */

const PALETTE = ['#1677ff', '#13c2c2', '#52c41a', '#fa8c16', '#722ed1', '#eb2f96', '#f5222d', '#faad14', '#2f54eb', '#a0d911'];

export function seriesChart(data: ChartData | undefined, kind: 'bar' | 'line', opts: { stack?: boolean; horizontal?: boolean; area?: boolean; colors?: string[] } = {}): ChartOption {
  const categories = data?.categories ?? [];
  const category = { type: 'category', data: categories, axisLabel: { hideOverlap: true } };
  const value = { type: 'value', minInterval: 1 };
  return {
    color: opts.colors ?? PALETTE,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    xAxis: opts.horizontal ? value : category,
    yAxis: opts.horizontal ? { ...category, inverse: true } : value,
    series: (data?.series ?? []).map((s) => ({
      name: s.name,
      type: kind,
      data: s.data,
      smooth: kind === 'line',
      ...(opts.stack ? { stack: 'total' } : {}),
      ...(opts.area ? { areaStyle: { opacity: 0.15 } } : {}),
    })),
  };
}

/** Named counts as bars (e.g. by road, by company), most first as the call orders them. */
export function namedBars(items: ReadonlyArray<{ name: string; value: number }> | undefined, name: string, opts: { horizontal?: boolean; color?: string } = {}): ChartOption {
  return seriesChart({ categories: (items ?? []).map((i) => i.name), series: [{ name, data: (items ?? []).map((i) => i.value) }] }, 'bar', { horizontal: opts.horizontal });
}

/** A donut of named counts; `colors` pins a colour per code (levels: spec 002 §3 colours). */
export function donut(items: Named[] | undefined, name: string, colors?: Record<string, string>): ChartOption {
  const total = (items ?? []).reduce((a, i) => a + i.value, 0);
  return {
    color: PALETTE,
    // Names are in the legend (slice labels would be cut in a narrow panel); counts on the slices.
    title: total === 0 ? { text: '暂无数据', left: 'center', top: '38%', textStyle: { color: '#bfbfbf', fontSize: 14, fontWeight: 'normal' } } : { text: '' },
    tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
    legend: { bottom: 0, type: 'scroll', itemWidth: 12, itemHeight: 10, itemGap: 8, textStyle: { fontSize: 11 } },
    series: [
      {
        name,
        type: 'pie',
        radius: ['45%', '68%'],
        center: ['50%', '44%'],
        stillShowZeroSum: false,
        label: { formatter: (p: { value: number }) => (p.value > 0 ? String(p.value) : '') },
        labelLine: { length: 6, length2: 6 },
        data: (items ?? []).map((i) => ({ name: i.name, value: i.value, ...(colors && i.code && colors[i.code] ? { itemStyle: { color: colors[i.code] } } : {}) })),
      },
    ],
  };
}

export { LEVEL_COLORS };
