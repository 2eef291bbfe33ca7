import { MOBILE_BASE_PATH } from '@park/core';

/**
 * Where to go after login, as a route of this app (without /closed-park-web/m). Anything that
 * could leave the site or loop back to the login page goes to the workbench.
 */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  let path = raw;
  if (path === MOBILE_BASE_PATH) return '/';
  if (path.startsWith(`${MOBILE_BASE_PATH}/`) || path.startsWith(`${MOBILE_BASE_PATH}?`)) {
    path = path.slice(MOBILE_BASE_PATH.length);
    if (!path.startsWith('/')) path = `/${path}`;
  }
  if (path.startsWith('//') || path.startsWith('/\\')) return '/';
  if (/^\/(login|changePassword)([/?]|$)/.test(path)) return '/';
  return path;
}

/** The current route of this app, for a redirect back after login. */
export function currentRoute(): string {
  const { pathname, search } = window.location;
  return safeRedirect(`${pathname}${search}`);
}
