import type { ReportWidget } from '@park/core';
import { ChartConfig } from '../shared/config/ChartConfig.tsx';
import { ChartWidget, type OptionBuilder } from '../shared/ChartWidget.tsx';
import { cartesianOption, type CartesianShape } from '../shared/cartesian.ts';
import type { WidgetRenderProps, WidgetUi } from '../types.ts';

/** 柱状图: columns, stacked (accumulation) and percent stacked (percentage). */
export const COLUMN_SHAPES: Record<string, Omit<CartesianShape, 'horizontal'>> = {
  column: { draw: 'column' },
  bar: { draw: 'column' },
  accumulation: { draw: 'column', stack: true },
  percentage: { draw: 'column', stack: true, percent: true },
};
export const columnShape = (w: ReportWidget) => COLUMN_SHAPES[String(w.data?.smallType ?? 'column')] ?? COLUMN_SHAPES.column!;
const build: OptionBuilder = (w, d) => cartesianOption(w, d, columnShape(w));

export const columnWidget: WidgetUi = {
  Renderer: (p: WidgetRenderProps) => <ChartWidget {...p} build={build} />,
  Config: ChartConfig,
};
