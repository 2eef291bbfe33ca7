import { forwardRef, useEffect, useImperativeHandle, useRef, type CSSProperties } from 'react';
import * as echarts from 'echarts/core';
import { useDarkScreen } from './DarkScreen.tsx';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';
import { REDUCED_MOTION } from './motion.ts';

// Only what the report widgets and the park console draw: ECharts' full build is four times larger.
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = EChartsCoreOption;

export interface EChartHandle {
  /** The chart as a PNG data URL (the report viewer's 导出图片). */
  image(): string | null;
}

export interface ChartClick {
  name: string;
  seriesName?: string;
  value: unknown;
}

export interface EChartProps {
  option: ChartOption;
  /**
   * `replace`: each option is drawn afresh, so nothing of a chart's previous settings lingers (a
   * report being designed). `merge`: a live refresh animates from the old numbers (the console).
   */
  update?: 'replace' | 'merge';
  /** Drawn with ECharts' dark theme (light axis labels, legend and data labels) for a dark screen. */
  dark?: boolean;
  onClick?: (e: ChartClick) => void;
  /** Read out for the chart, which is otherwise a bare canvas. */
  label?: string;
  className?: string;
  style?: CSSProperties;
  testId?: string;
}

/** Behind the exported PNG: the page's colour, so its text stays readable outside the page. */
const BACKDROP = { light: '#fff', dark: '#10284d' } as const;

/**
 * One ECharts instance bound to a div: created once per theme, given each new option, resized
 * with its box, disposed on unmount.
 */
export const EChart = forwardRef<EChartHandle, EChartProps>(function EChart(
  { option, update = 'replace', dark: darkProp, onClick, label, className, style, testId },
  ref,
) {
  // Inside a 大屏 (DarkScreen) a chart is dark unless told otherwise.
  const inScreen = useDarkScreen();
  const dark = darkProp ?? inScreen;
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
    const drawn = { ...option, backgroundColor: 'transparent', ...(REDUCED_MOTION ? { animation: false } : {}) };
    chart.current?.setOption(drawn, update === 'replace' ? { notMerge: true } : { notMerge: false, lazyUpdate: true });
  }, [option, dark, update]);

  useImperativeHandle(ref, () => ({ image: () => chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: BACKDROP[dark ? 'dark' : 'light'] }) ?? null }), [dark]);

  return (
    <div
      ref={box}
      className={className}
      style={style}
      role={label ? 'img' : undefined}
      aria-label={label}
      data-theme={dark ? 'dark' : 'light'}
      data-testid={testId}
    />
  );
});
