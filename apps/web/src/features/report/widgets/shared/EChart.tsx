import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface EChartHandle {
  /** The chart as a PNG data URL (the viewer's 导出图片). */
  image(): string | null;
}

export interface ChartClick {
  name: string;
  seriesName?: string;
  value: unknown;
}

/** One ECharts instance bound to a div: options replaced as they change, resized with its box. */
export const EChart = forwardRef<EChartHandle, { option: EChartsCoreOption; onClick?: (e: ChartClick) => void; label: string }>(function EChart({ option, onClick, label }, ref) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const click = useRef(onClick);
  click.current = onClick;

  useEffect(() => {
    const el = box.current!;
    const c = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = c;
    c.on('click', (p) => click.current?.({ name: String((p as { name?: unknown }).name ?? ''), seriesName: (p as { seriesName?: string }).seriesName, value: (p as { value?: unknown }).value }));
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(el);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  useImperativeHandle(ref, () => ({ image: () => chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' }) ?? null }), []);

  return <div ref={box} className="rw-chart" role="img" aria-label={label} />;
});
