import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/http.ts';

/**
 * Anything the server answered (4xx, 5xx, a non-zero errCode) would fail the same way again,
 * and the user has already been told. Only a dropped connection earns one more try.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'network' && failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
