import { ChartConfig } from '../shared/config/ChartConfig.tsx';
import { ChartWidget, type OptionBuilder } from '../shared/ChartWidget.tsx';
import { cartesianOption } from '../shared/cartesian.ts';
import { columnShape } from '../column/index.tsx';
import type { WidgetRenderProps, WidgetUi } from '../types.ts';

/** 条形图: the column chart's variants, laid on their side. */
const build: OptionBuilder = (w, d) => cartesianOption(w, d, { ...columnShape(w), horizontal: true });

export const barWidget: WidgetUi = {
  Renderer: (p: WidgetRenderProps) => <ChartWidget {...p} build={build} />,
  Config: ChartConfig,
};
