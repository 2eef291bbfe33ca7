import { UNKNOWN_WIDGET, widgetKindOf, type ReportWidget, type WidgetKind } from '@park/core';
import { barWidget } from './bar/index.tsx';
import { columnWidget } from './column/index.tsx';
import { compositeWidget } from './composite/index.tsx';
import { crossWidget } from './cross/index.tsx';
import { imageWidget } from './image/index.tsx';
import { innerPageWidget } from './innerPage/index.tsx';
import { kanbanWidget } from './kanban/index.tsx';
import { lineWidget } from './line/index.tsx';
import { pieWidget } from './pie/index.tsx';
import { queryWidget } from './query/index.tsx';
import { WidgetFrame, WidgetNote } from './shared/WidgetFrame.tsx';
import { tableWidget } from './table/index.tsx';
import { tabPageWidget } from './tabPage/index.tsx';
import { textWidget } from './text/index.tsx';
import type { WidgetUi } from './types.ts';

/** Every widget kind's renderer and config panel; a new kind fails to compile until it is here. */
export const WIDGET_UI: Readonly<Record<WidgetKind, WidgetUi>> = {
  line: lineWidget,
  column: columnWidget,
  bar: barWidget,
  pie: pieWidget,
  composite: compositeWidget,
  table: tableWidget,
  cross: crossWidget,
  kanban: kanbanWidget,
  text: textWidget,
  image: imageWidget,
  query: queryWidget,
  innerPage: innerPageWidget,
  tabPage: tabPageWidget,
};

/** A saved widget rendered by its kind; a kind we do not know says 敬请期待 (spec 002 §8). */
export function RenderWidget({ widget }: { widget: ReportWidget }) {
  const kind = widgetKindOf(widget);
  if (!kind) {
    return (
      <WidgetFrame widget={widget}>
        <WidgetNote text={UNKNOWN_WIDGET} />
      </WidgetFrame>
    );
  }
  const { Renderer } = WIDGET_UI[kind];
  return <Renderer widget={widget} kind={kind} />;
}
