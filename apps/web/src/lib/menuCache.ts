import { isMobileSessionCache, MENU_CACHE_KEY, type MenuNode } from '@park/core';

/** The local menu cache (spec 002 §9, key `router`): lets the shell draw before the server answers. */

export function readMenuCache(): MenuNode[] | null {
  try {
    const raw = localStorage.getItem(MENU_CACHE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? (parsed as MenuNode[]) : null;
  } catch {
    return null;
  }
}

export function writeMenuCache(menus: MenuNode[]): void {
  try {
    localStorage.setItem(MENU_CACHE_KEY, JSON.stringify(menus));
  } catch {
    // Storage full or disabled: the cache is only a head start, the server stays the source.
  }
}

export function clearMenuCache(): void {
  try {
    localStorage.removeItem(MENU_CACHE_KEY);
  } catch {
    // Storage disabled: nothing was cached.
  }
}

/**
 * On sign-in and sign-out: the menus, and the mobile client's cached answers of the session that
 * ends (same origin, same cookie: the phone page in this browser must not draw the last user's
 * workbench until its own check notices).
 */
export function forgetSessionCaches(): void {
  clearMenuCache();
  if (typeof caches === 'undefined') return;
  void caches
    .keys()
    .then((names) => Promise.all(names.filter(isMobileSessionCache).map((name) => caches.delete(name))))
    .catch(() => undefined);
}
