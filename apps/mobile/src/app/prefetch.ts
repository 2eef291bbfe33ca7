import type { GetUserReply } from '@park/core';
import { get } from '../lib/http.ts';
import { queryClient } from './queryClient.ts';
import { prefetchWorkbench } from '../features/workbench/prefetch.ts';
import { firstCalls, GET_USER_URL, isFormListRoute, routeOf } from '../boot/earlyCalls.ts';

export const USER_QUERY_KEY = ['session', 'user'] as const;
export const fetchUser = (signal?: AbortSignal) => get<GetUserReply>(GET_USER_URL, undefined, { signal });

/**
 * On a slow network each round trip costs half a second (Fast 3G: 562 ms): index.html has asked
 * the route's first calls already (boot/earlyCalls.ts); here their answers go into the query cache
 * as soon as the main code runs, instead of each waiting for the page above it to render. The
 * pages read the same query keys; a 401 still sends the browser to /login through the http client.
 */
export function prefetchFirstScreen(pathname: string, base: string): void {
  // No session needed (the login pages, a scanned code's 免登录填报): nothing to ask.
  if (firstCalls(pathname, base).length === 0) return;
  const route = routeOf(pathname, base);
  void queryClient.prefetchQuery({ queryKey: USER_QUERY_KEY, queryFn: ({ signal }) => fetchUser(signal), staleTime: 5 * 60_000 });
  if (route === '/' || route === '') {
    prefetchWorkbench(queryClient);
  }
  // The list's page code with the main code; its design and first page were asked by index.html.
  if (isFormListRoute(pathname, base)) void import('../form/listPage.tsx');
}
