import { useQuery } from '@tanstack/react-query';
import { capCount, COUNTER_CAP, type UnreadMsgCountReply, type WaitDoneCountReply } from '@park/core';
import { get } from '../../lib/http.ts';
import { UNREAD_MSG_COUNT_URL, WAIT_DONE_COUNT_URL } from '../../boot/earlyCalls.ts';

/** The desktop's counters (apps/web/src/features/counters): the same calls, polled as often. */
export type CounterKind = 'waitDone' | 'msg';

export const COUNTER_QUERY_ROOT = ['counter'] as const;
export const COUNTER_REFRESH_MS = 30_000;

const fetchers: Record<CounterKind, (signal: AbortSignal) => Promise<number>> = {
  // Silent: a passing outage must not raise a Toast every 30 s; the offline banner says it.
  waitDone: async (signal) => Number((await get<WaitDoneCountReply>(WAIT_DONE_COUNT_URL, undefined, { signal, silent: true })).count) || 0,
  msg: async (signal) => Number((await get<UnreadMsgCountReply>(UNREAD_MSG_COUNT_URL, undefined, { signal, silent: true })).totalCount) || 0,
};

export const counterQuery =
  (kind: CounterKind) =>
  ({ signal }: { signal: AbortSignal }) =>
    fetchers[kind](signal);

/** `enabled` false: not asked nor polled (a hidden tab bar), the last count kept for when it shows again. */
export function useCounter(kind: CounterKind, enabled = true): number | undefined {
  const { data } = useQuery({
    queryKey: [...COUNTER_QUERY_ROOT, kind],
    queryFn: counterQuery(kind),
    enabled,
    refetchInterval: COUNTER_REFRESH_MS,
    staleTime: 10_000,
  });
  return data;
}

/** What a badge shows: nothing at 0, the count up to 99, then 99+. */
export function badgeContent(count: number | undefined): string | null {
  const n = count ?? 0;
  if (n <= 0) return null;
  return n > COUNTER_CAP ? `${COUNTER_CAP}+` : String(capCount(n));
}
