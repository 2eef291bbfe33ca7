/**
 * Whether the server can be reached, as the last calls found it (issue 37: a phone on a flaky
 * network is told so, and what was typed stays). The http client reports each outcome; the
 * OfflineBanner listens. A plain store rather than React state: the http client lives outside React.
 */
export type NetworkState = 'online' | 'offline';

type Listener = (state: NetworkState) => void;

let state: NetworkState = typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'online';
const listeners = new Set<Listener>();

function set(next: NetworkState): void {
  if (next === state) return;
  state = next;
  for (const l of listeners) l(state);
}

export function networkState(): NetworkState {
  return state;
}

export function subscribeNetwork(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A call got no answer (no connection, or it timed out). */
export function reportNetworkFailure(): void {
  set('offline');
}

/** A call got an answer, whatever it said: the server is reachable. */
export function reportNetworkSuccess(): void {
  set('online');
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => set('offline'));
  window.addEventListener('online', () => set('online'));
}
