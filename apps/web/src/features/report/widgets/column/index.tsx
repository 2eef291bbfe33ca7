import { CHART_OPTIONS } from '@park/core';
import { ChartConfig } from '../shared/config/ChartConfig.tsx';
import { ChartWidget } from '../shared/ChartWidget.tsx';
import type { WidgetRenderProps, WidgetUi } from '../types.ts';

/** Its ECharts option comes from core (report/chart/options.ts), the same the server draws dashboards with. */
export const columnWidget: WidgetUi = {
  Renderer: (p: WidgetRenderProps) => <ChartWidget {...p} build={CHART_OPTIONS.column} />,
  Config: ChartConfig,
};
