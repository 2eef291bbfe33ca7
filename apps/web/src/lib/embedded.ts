import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Embedded (third-party) mode: `v_s=third` in the query, or the app running inside a frame. */
const STORAGE_KEY = 'v_s';
const THIRD = 'third';

function queryAsksEmbedded(search: string): boolean {
  return new URLSearchParams(search).get(STORAGE_KEY) === THIRD;
}

function rememberedEmbedded(): boolean {
  try {
    return sessionStorage.getItem(STORAGE_KEY) === THIRD;
  } catch {
    return false;
  }
}

export function insideFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent denies access to window.top: that itself means we are framed.
    return true;
  }
}

export function useEmbeddedMode(): boolean {
  const { search } = useLocation();
  const fromQuery = queryAsksEmbedded(search);
  useEffect(() => {
    // Remembered for the tab, so links that drop the query keep the embedded layout.
    if (!fromQuery) return;
    try {
      sessionStorage.setItem(STORAGE_KEY, THIRD);
    } catch {
      // Storage disabled: the mode then lasts only while the query carries it.
    }
  }, [fromQuery]);
  return fromQuery || rememberedEmbedded() || insideFrame();
}
