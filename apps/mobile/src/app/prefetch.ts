import type { GetUserReply } from '@park/core';
import { get } from '../lib/http.ts';
import { queryClient } from './queryClient.ts';
import { prefetchWorkbench } from '../features/workbench/prefetch.ts';
import { prefetchFormList } from '../form/firstLoad.ts';

export const USER_QUERY_KEY = ['session', 'user'] as const;
export const fetchUser = (signal?: AbortSignal) => get<GetUserReply>('/api/user/getUser', undefined, { signal });

/**
 * On a slow network each round trip costs half a second (Fast 3G: 562 ms): the workbench's calls
 * start with the code, side by side, instead of each waiting for the page above it to render. The
 * pages read the same query keys; a 401 still sends the browser to /login through the http client.
 */
export function prefetchFirstScreen(pathname: string, base: string): void {
  const route = pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
  if (/^\/(login|changePassword)(\/|$)/.test(route)) return;
  // A scanned code's first page needs no login (免登录填报); it goes on to /qr/:token/open when it does.
  if (/^\/qr\/[^/]+\/?$/.test(route)) return;
  void queryClient.prefetchQuery({ queryKey: USER_QUERY_KEY, queryFn: ({ signal }) => fetchUser(signal), staleTime: 5 * 60_000 });
  if (route === '/' || route === '') {
    prefetchWorkbench(queryClient);
  }
  const formList = /^\/form\/(\d+)\/?$/.exec(route);
  if (formList) {
    // The list's page code and its two calls, side by side with the main code (form/firstLoad.ts).
    void import('../form/pages.tsx');
    prefetchFormList(Number(formList[1]));
  }
}
