import { useQuery } from '@tanstack/react-query';
import { capCount, COUNTER_CAP } from '@park/core';
import { countWaitDoneTasks } from '../waitDoneTask/api.ts';
import { countUnreadMessages } from '../msg/api.ts';
import { countExecutingFormTasks } from '../formTask/api.ts';
import { COUNTER_QUERY_ROOT } from '../../lib/counterKeys.ts';

/** The three unread counters of the top bar, shared with the home page through the query cache. */
export type CounterKind = 'formTask' | 'msg' | 'waitDone';

const fetchers: Record<CounterKind, (signal: AbortSignal) => Promise<number>> = {
  formTask: countExecutingFormTasks,
  msg: countUnreadMessages,
  waitDone: countWaitDoneTasks,
};

/** At most every 30 s (issue 20): a new task or message shows without a reload. */
export const COUNTER_REFRESH_MS = 30_000;

/** The raw count; the cap at 99 is applied only where it is displayed. */
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

/**
 * What a Badge is given: a clean non-negative count. Past the cap it stays above 99 so that the
 * Badge (overflowCount 99) renders "99+" rather than a plain 99 that reads as exact.
 */
export function badgeCount(count: number | undefined): number {
  const n = count ?? 0;
  return n > COUNTER_CAP ? n : capCount(n);
}
