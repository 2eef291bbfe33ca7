import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { autoRefreshMs, drillingConditions, linkedConditions, superConditionsFor, widgetLegality, type ReportWidget, type WidgetKind } from '@park/core';
import { errorMessage } from '../../../../lib/http.ts';
import { previewWidget, type QueryBody, type WidgetData } from '../../reportApi.ts';
import { widgetBatcher } from '../../viewer/widgetBatch.ts';
import { useRuntime } from '../../viewer/runtime.tsx';

export interface WidgetDataState {
  /** Why the widget is not queried (§4), shown in its place. */
  illegal: string | null;
  data: WidgetData | undefined;
  error: string | null;
  loading: boolean;
  /** The body sent, for exports that must match what is shown. */
  body: QueryBody;
  /** Asks again (after an API jump or an import changed the data). */
  refetch(): void;
}

/**
 * A widget's data: queried only when the widget is legal, with the conditions other widgets put
 * on it and its drill level; refreshed on its auto-refresh interval (never under the floor). A
 * published report's widgets asked in the same moment (a page load, refresh timers started together)
 * share one batch call (viewer/widgetBatch.ts, ADR 0023); each keeps its own key, data and error.
 */
export function useWidgetData(widget: ReportWidget, kind: WidgetKind, page: { pageNum: number; pageSize: number } | null = null): WidgetDataState {
  const rt = useRuntime();
  const legality = widgetLegality(kind, widget);
  const body: QueryBody = {
    pageNum: page?.pageNum ?? 1,
    pageSize: page?.pageSize ?? (Number(widget.querySize) || 1000),
    queryConditions: linkedConditions(widget, rt.linkages),
    superConditions: superConditionsFor(widget, rt.superChosen(widget.id)),
    drillingConditions: drillingConditions(widget, rt.drillPath(widget.id)),
  };
  const q = useQuery({
    // What the query depends on: a change of title or colour asks nothing of the server.
    queryKey: ['report-widget', rt.mode, rt.reportId, rt.mode === 'design' ? [widget.id, widget.type, widget.reportType, widget.data, widget.querySize] : widget.id, body],
    queryFn: ({ signal }) => (rt.mode === 'design' || rt.reportId === null ? previewWidget(widget, body, signal) : widgetBatcher.query(rt.reportId, widget.id, body, signal)),
    enabled: legality.ok,
    retry: false,
    placeholderData: keepPreviousData,
    refetchInterval: autoRefreshMs(widget.sensior) ?? false,
    refetchOnWindowFocus: false,
  });
  return {
    illegal: legality.ok ? null : legality.reason,
    data: legality.ok ? q.data : undefined,
    error: q.error ? errorMessage(q.error, '查询失败') : null,
    loading: q.isFetching,
    body,
    refetch: () => void q.refetch(),
  };
}
