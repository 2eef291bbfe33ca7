import { useEffect, useRef } from 'react';
import { subscribeNetwork } from './network.ts';

/** Calls `retry` when the offline banner's 重试 is pressed or the network comes back. */
export function useRetryOnReconnect(retry: () => void): void {
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  });
  useEffect(() => {
    const onRetry = () => latest.current();
    window.addEventListener('park:retry', onRetry);
    const unsubscribe = subscribeNetwork((s) => s === 'online' && latest.current());
    return () => {
      window.removeEventListener('park:retry', onRetry);
      unsubscribe();
    };
  }, []);
}
