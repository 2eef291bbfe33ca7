import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { CONSOLE_REFRESH_MS } from '@park/core';

/**
 * A console number that stays live: asked again every CONSOLE_REFRESH_MS (15 s, never faster
 * than the 10 s) while the page is open, keeping the old numbers on screen meanwhile.
 */
export function useLive<T>(key: QueryKey, fn: (signal: AbortSignal) => Promise<T>, interval = CONSOLE_REFRESH_MS) {
  return useQuery({
    queryKey: ['park-console', ...key],
    queryFn: ({ signal }) => fn(signal),
    refetchInterval: interval,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}
