import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { PullToRefreshProps } from 'antd-mobile/es/components/pull-to-refresh';

const PullToRefresh = lazy(() => import('antd-mobile/es/components/pull-to-refresh'));

/**
 * antd-mobile's PullToRefresh on the first screen, fetched once the page has been drawn: with its
 * gesture and animation libraries it is ~20 KB gzip that would otherwise be downloaded and parsed
 * before the workbench could show anything (ADR 0067). Until then the content is drawn as it is
 * (a pull in the first instant does nothing); when it arrives the content is drawn once more inside it.
 */
export function LazyPullToRefresh({ children, ...props }: PullToRefreshProps & { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    // After the first paint, not during it: the browser's idle time when it has one.
    const start = () => setWanted(true);
    // (Safari has no requestIdleCallback: a short timer there.)
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(start, 200);
      return () => clearTimeout(timer);
    }
    const id = window.requestIdleCallback(start, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }, []);
  const plain = <div>{children}</div>;
  if (!wanted) return plain;
  return (
    <Suspense fallback={plain}>
      <PullToRefresh {...props}>{children}</PullToRefresh>
    </Suspense>
  );
}
