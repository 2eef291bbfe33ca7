import type { QueryClient } from '@tanstack/react-query';
import { myWorkbench, WORKBENCH_QUERY_KEY } from './api.ts';
import { COUNTER_QUERY_ROOT, counterQuery } from '../counters/counters.ts';

/** The workbench's own calls, started before its page renders (app/prefetch.ts). */
export function prefetchWorkbench(client: QueryClient): void {
  void client.prefetchQuery({ queryKey: WORKBENCH_QUERY_KEY, queryFn: ({ signal }) => myWorkbench(signal) });
  for (const kind of ['waitDone', 'msg'] as const) void client.prefetchQuery({ queryKey: [...COUNTER_QUERY_ROOT, kind], queryFn: counterQuery(kind) });
}
