import { describe, expect, it } from 'vitest';
import { newAxisItem, WIDGET_DEFINITIONS, type DsColumn, type ReportWidget } from '../index.ts';
import { cartesianOption } from './cartesian.ts';
import { asPercent, chartData, legendOf, paletteOf } from './chartData.ts';

const col = (id: string, column: string, dataType: 'String' | 'Number' = 'String'): DsColumn => ({ id, table: 'form_1', column, desc: column, dataType, alias: '', express: '' });
const chart = (data: Record<string, unknown>, style: Record<string, unknown> = {}): ReportWidget => {
  const w = WIDGET_DEFINITIONS.column.create({ id: 1, x: 1, y: 1 });
  return { ...w, data: { ...w.data, dataset: '1', ...data }, style: { ...w.style, ...style } };
};
const city = newAxisItem(col('d1', 'city'), 'classAxis');
const kind = newAxisItem(col('d2', 'kind'), 'colorAxis');
const load = newAxisItem(col('m1', 'load', 'Number'), 'valueAxis');

describe('chart data', () => {
  it('one series per measure, categories in row order, nulls shown as __', () => {
    const d = chartData(chart({ classAxis: [city], valueAxis: [load, { ...load, aggregate: 'count' }] }), [
      { city: '合肥', sum_load: 10, count_load: 2 },
      { city: null, sum_load: 5, count_load: 1 },
    ], []);
    expect(d.categories).toEqual(['合肥', '未填写']);
    expect(d.series.map((s) => [s.name, s.values])).toEqual([
      ['load', [10, 5]],
      ['load', [2, 1]],
    ]);
  });

  it('one series per colour-legend value', () => {
    const d = chartData(chart({ classAxis: [city], colorAxis: [kind], valueAxis: [load] }), [
      { city: '合肥', kind: '罐车', sum_load: 10 },
      { city: '宜昌', kind: '罐车', sum_load: 4 },
      { city: '宜昌', kind: '货车', sum_load: 6 },
    ], []);
    expect(d.series.map((s) => [s.name, s.values])).toEqual([
      ['罐车', [10, 4]],
      ['货车', [null, 6]],
    ]);
    expect(asPercent(d.series).map((s) => s.values)).toEqual([
      [100, 40],
      [null, 60],
    ]);
  });

  it('stacks, caps percent charts at 100 and lays bars on their side', () => {
    const w = chart({ classAxis: [city], valueAxis: [load] }, { legendAlign: 'none', seriesColor1: '#ff0000' });
    const o = cartesianOption(w, { categories: ['a'], series: [{ name: 's', values: [1], axisIndex: 0 }] }, { draw: 'column', stack: true, percent: true, horizontal: true }) as Record<string, unknown>;
    expect((o.yAxis as { type: string }).type).toBe('category');
    expect((o.series as Array<{ stack: string; type: string }>)[0]).toMatchObject({ stack: 'total', type: 'bar' });
    expect(legendOf(w)).toEqual({ show: false });
    expect(paletteOf(w).slice(0, 2)).toEqual(['#ff0000', '#91cc75']);
  });
});
