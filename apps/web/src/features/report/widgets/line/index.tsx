import type { ReportWidget } from '@park/core';
import { ChartConfig } from '../shared/config/ChartConfig.tsx';
import { ChartWidget, type OptionBuilder } from '../shared/ChartWidget.tsx';
import { cartesianOption, type CartesianShape } from '../shared/cartesian.ts';
import type { WidgetRenderProps, WidgetUi } from '../types.ts';

/** 折线图: line, area, stacked area (areaspline) and percent stacked area (areasplinerange). */
const SHAPES: Record<string, CartesianShape> = {
  line: { draw: 'line' },
  area: { draw: 'area' },
  areaspline: { draw: 'area', stack: true },
  areasplinerange: { draw: 'area', stack: true, percent: true },
};
const smallType = (w: ReportWidget) => String(w.data?.smallType ?? 'line');
const build: OptionBuilder = (w, d) => cartesianOption(w, d, SHAPES[smallType(w)] ?? SHAPES.line!);

export const lineWidget: WidgetUi = {
  Renderer: (p: WidgetRenderProps) => <ChartWidget {...p} build={build} />,
  Config: ChartConfig,
};
