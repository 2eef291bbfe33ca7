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
  // core has neither the DOM's nor Node's URL, so the authority's port is read by pattern.
  return splitStreamUrls(url).some((u) => /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*:(\d+)(?:[/?#]|$)/i.exec(u)?.[1] === REDIRECT_PORT);
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
