import { ChartConfig } from '../shared/config/ChartConfig.tsx';
import { ChartWidget, type OptionBuilder } from '../shared/ChartWidget.tsx';
import { cartesianOption } from '../shared/cartesian.ts';
import type { WidgetRenderProps, WidgetUi } from '../types.ts';

/** 组合图: each measure drawn as its own type (线, 面, 柱); the vice-value measures on a second axis. */
const build: OptionBuilder = (w, d) => cartesianOption(w, d, { draw: 'own' });

export const compositeWidget: WidgetUi = {
  Renderer: (p: WidgetRenderProps) => <ChartWidget {...p} build={build} />,
  Config: ChartConfig,
};
