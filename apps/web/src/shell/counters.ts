import { useQuery } from '@tanstack/react-query';
import { capCount } from '@park/core';
import { countWaitDoneTasks } from '../features/waitDoneTask/api.ts';
import { countUnreadMessages } from '../features/msg/api.ts';
import { countExecutingFormTasks } from '../features/formTask/api.ts';

/** The three unread counters of the top bar, shared with the home page through the query cache. */
export type CounterKind = 'formTask' | 'msg' | 'waitDone';

export const COUNTER_QUERY_ROOT = ['counter'] as const;

const fetchers: Record<CounterKind, (signal: AbortSignal) => Promise<number>> = {
  formTask: countExecutingFormTasks,
  msg: countUnreadMessages,
  waitDone: countWaitDoneTasks,
};

export const COUNTER_REFRESH_MS = 60_000;

/** The raw count; capping at 99 (capCount) is for display only. */
export function useCounter(kind: CounterKind): number | undefined {
  const { data } = useQuery({
    queryKey: [...COUNTER_QUERY_ROOT, kind],
    queryFn: ({ signal }) => fetchers[kind](signal),
    refetchInterval: COUNTER_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
  return data;
}

export function displayCount(count: number | undefined): number {
  return capCount(count ?? 0);
}
