import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';
import { REDUCED_MOTION } from '../../../../lib/motion.ts';

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

/** Behind the chart: the frame's own colour (the PNG export gets the page's, so its text stays readable). */
const BACKDROP = { light: '#fff', dark: '#10284d' } as const;

/**
 * One ECharts instance bound to a div: options replaced as they change, resized with its box. On
 * the dark 大屏 it is drawn with ECharts' dark theme (light axis labels, legend and data labels).
 */
export const EChart = forwardRef<EChartHandle, { option: EChartsCoreOption; onClick?: (e: ChartClick) => void; label: string; dark?: boolean }>(function EChart({ option, onClick, label, dark = false }, ref) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const click = useRef(onClick);
  click.current = onClick;

  useEffect(() => {
    const el = box.current!;
    const c = echarts.init(el, dark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = c;
    c.on('click', (p) => click.current?.({ name: String((p as { name?: unknown }).name ?? ''), seriesName: (p as { seriesName?: string }).seriesName, value: (p as { value?: unknown }).value }));
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(el);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, [dark]);

  useEffect(() => {
    // The dark theme brings its own background; the frame's shows through instead.
    chart.current?.setOption({ ...option, backgroundColor: 'transparent', ...(REDUCED_MOTION ? { animation: false } : {}) }, { notMerge: true });
  }, [option, dark]);

  useImperativeHandle(ref, () => ({ image: () => chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: BACKDROP[dark ? 'dark' : 'light'] }) ?? null }), [dark]);

  return <div ref={box} className="rw-chart" role="img" aria-label={label} data-theme={dark ? 'dark' : 'light'} />;
});
