import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { REDUCED_MOTION } from '../../../lib/motion.ts';
import { Panel } from './ConsoleFrame.tsx';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

/**
 * One ECharts instance on a div: created once, given each new option (merged, so a live refresh
 * animates from the old numbers instead of redrawing), resized with its box, disposed on unmount.
 */
export function EChart({ option, height = 260, testId }: { option: ChartOption; height?: number; testId?: string }) {
  const holder = useRef<HTMLDivElement | null>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = holder.current!;
    const instance = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(REDUCED_MOTION ? { ...option, animation: false } : option, { notMerge: false, lazyUpdate: true });
  }, [option]);

  return <div ref={holder} className="park-chart" style={{ height }} data-testid={testId} />;
}

export interface ChartCard {
  title: string;
  option: ChartOption;
  testId: string;
}

/** Charts each in a panel with its title, in the order given (the screens' chart grids). */
export function ChartPanels({ charts }: { charts: readonly ChartCard[] }) {
  return charts.map(({ title, option, testId }) => (
    <Panel key={testId} title={title}>
      <EChart option={option} testId={testId} />
    </Panel>
  ));
}
