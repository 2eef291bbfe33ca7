import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/http.ts';

/**
 * Lists and counters stay fresh for a while: going back to the workbench on a slow network shows
 * what was loaded at once (issue 37: ≤ 1 s warm). A call that got no answer is tried again once;
 * an answer with an error is not.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: 10 * 60_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => error instanceof ApiError && error.isNetwork && count < 1,
    },
    mutations: { retry: false },
  },
});
