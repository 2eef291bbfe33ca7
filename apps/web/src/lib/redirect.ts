import { BASE_PATH } from '@park/core';
import { takeRememberedRedirect } from './pendingRedirect.ts';

/**
 * Where to go after login. The server hands out `/closed-park-web/...` addresses; the router
 * wants them without the base path. Anything that could leave the site (`//host`, `/\host`,
 * `https://...`) or loop back to the login page goes to `/` instead.
 */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  let path = raw;
  if (path === BASE_PATH) return '/';
  if (path.startsWith(`${BASE_PATH}/`) || path.startsWith(`${BASE_PATH}?`)) {
    path = path.slice(BASE_PATH.length);
    if (!path.startsWith('/')) path = `/${path}`;
  }
  if (path.startsWith('//') || path.startsWith('/\\')) return '/';
  if (path === '/login' || path.startsWith('/login?') || path.startsWith('/login/')) return '/';
  return path;
}

/** The redirect to follow after signing in: the query's, else the one remembered for the tab. */
export function takeRedirect(fromQuery: string | null): string {
  const remembered = takeRememberedRedirect();
  return safeRedirect(fromQuery ?? remembered);
}
