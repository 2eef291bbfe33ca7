import type { QueryClient } from '@tanstack/react-query';
import { isMobileSessionCache, MOBILE_BASE_PATH } from '@park/core';

/**
 * The page's side of the service worker (public/sw.js, ADR 0058): it registers the worker once
 * the first screen is drawn, refetches the first screen's queries when the worker found a newer
 * answer than the one it served from its cache, and throws every user's cached answers away on
 * sign-in and sign-out. Cache names are the worker's (MOBILE_SESSION_CACHES).
 */
/** The queries the worker answers from its cache (app/prefetch.ts, menus, counters, workbench). */
const FIRST_SCREEN_ROOTS = [['session'], ['workbench'], ['counter'], ['alarm', 'unhandled'], ['notices', 'unread']] as const;

type WorkerMessage = { type: 'refreshed' | 'user-changed' | 'signed-out' };

export function registerServiceWorker(client: QueryClient): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
    const kind = event.data?.type;
    if (kind === 'refreshed') for (const queryKey of FIRST_SCREEN_ROOTS) void client.invalidateQueries({ queryKey: [...queryKey] });
    // Another user's (or no user's) answers were drawn from the cache: start again from the server.
    if (kind === 'user-changed' || kind === 'signed-out') window.location.reload();
  });
  // After the load: the worker's precache must not compete with the first screen's own downloads.
  const register = () => void navigator.serviceWorker.register(`${MOBILE_BASE_PATH}/sw.js`, { scope: `${MOBILE_BASE_PATH}/` }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** On sign-in and sign-out: no answer cached for one session is ever shown in the next. */
export async function forgetCachedData(): Promise<void> {
  if (!('caches' in window)) return;
  navigator.serviceWorker?.controller?.postMessage({ type: 'forget-data' });
  for (const name of await caches.keys()) if (isMobileSessionCache(name)) await caches.delete(name);
}
