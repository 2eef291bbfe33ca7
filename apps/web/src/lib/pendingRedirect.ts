/**
 * Where the user was going when the session ran out, kept for the tab. The login page follows
 * it even when reopened without its `redirect` query (a reload, a bookmark, a typed address).
 */
const PENDING_KEY = 'login.redirect';

export function rememberRedirect(raw: string | null): void {
  if (!raw) return;
  try {
    sessionStorage.setItem(PENDING_KEY, raw);
  } catch {
    // Storage disabled: only the query carries the redirect.
  }
}

/** Returns the remembered redirect, once. */
export function takeRememberedRedirect(): string | null {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
    return raw;
  } catch {
    return null;
  }
}
