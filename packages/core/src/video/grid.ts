import { REDIRECT_PORT, SUB_STREAM_FROM } from './constants.ts';

/** The side of the square grid for n streams: the ceiling of √n (at least 1). */
export function gridSide(n: number): number {
  return Math.max(1, Math.ceil(Math.sqrt(Math.max(0, n))));
}

/** Windows shown for n streams: the grid side squared. */
export function divisionFor(n: number): number {
  const side = gridSide(n);
  return side * side;
}

/** Stream type for a wall of n streams: 2 (sub stream) from 4 streams up, else 1 (main stream). */
export function streamTypeFor(n: number): 1 | 2 {
  return n >= SUB_STREAM_FROM ? 2 : 1;
}

/** The gateway may answer several addresses separated by `|`; each is tried in turn. */
export function splitStreamUrls(url: string): string[] {
  return url
    .split('|')
    .map((u) => u.trim())
    .filter(Boolean);
}

/** Recording addresses on port 9090 are replayed through the platform unless told otherwise. */
export function defaultRedirect(url: string): boolean {
  return splitStreamUrls(url).some((u) => portOf(u) === REDIRECT_PORT);
}

/** The port written in an address (scheme://[user@]host:port/...), or null. */
function portOf(address: string): string | null {
  return /^[a-z][\w+.-]*:\/\/(?:[^@/?#]*@)?(?:\[[^\]]*\]|[^:/?#]*)(?::(\d+))?/i.exec(address)?.[1] ?? null;
}

/** Compares dotted versions numerically ("3.2.10" > "3.2.9"); missing parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.\-_]/).map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split(/[.\-_]/).map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** An update is offered when the server's plug-in version is greater than the installed one. */
export function pluginUpdateOffered(serverVersion: string, installedVersion: string | null): boolean {
  return installedVersion !== null && compareVersions(serverVersion, installedVersion) > 0;
}

/**
 * The browser class the plug-in is told at window.create (spec 002 §9): Chrome above 80 is 2, other
 * Chrome 1, Firefox 2, IE 0. Other browsers (Edge is Chromium and says Chrome) count as 2.
 */
export function browserClass(userAgent: string): 0 | 1 | 2 {
  if (/MSIE |Trident\//.test(userAgent)) return 0;
  const chrome = /Chrome\/(\d+)/.exec(userAgent);
  if (chrome) return Number(chrome[1]) > 80 ? 2 : 1;
  return 2;
}
