/** Points are [lng, lat] in degrees, as map libraries and GeoJSON order them. */
export type LngLat = readonly [number, number];

const EARTH_M = 6_371_000;
const RAD = Math.PI / 180;

/**
 * Local planar metres around `origin` (equirectangular): within a park of a few kilometres the
 * error is far below GPS noise, and it is cheap enough to run for every position.
 */
function toMetres(p: LngLat, origin: LngLat): [number, number] {
  const x = (p[0] - origin[0]) * RAD * EARTH_M * Math.cos(origin[1] * RAD);
  const y = (p[1] - origin[1]) * RAD * EARTH_M;
  return [x, y];
}

export function distanceMetres(a: LngLat, b: LngLat): number {
  const [x, y] = toMetres(b, a);
  return Math.hypot(x, y);
}

/** Shortest distance from `p` to the polyline `path`, in metres. */
export function distanceToPathMetres(p: LngLat, path: readonly LngLat[]): number {
  if (path.length === 0) return Infinity;
  if (path.length === 1) return distanceMetres(p, path[0]!);
  let best = Infinity;
  for (let i = 1; i < path.length; i++) {
    const [ax, ay] = toMetres(path[i - 1]!, p);
    const [bx, by] = toMetres(path[i]!, p);
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
    best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return best;
}

/** Ray casting; a point on the edge may fall either way, which GPS noise makes moot. */
export function pointInPolygon(p: LngLat, polygon: readonly LngLat[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The point `fraction` (0…1) of the way along a polyline, by length; the simulator drives with it. */
export function pointAlongPath(path: readonly LngLat[], fraction: number): LngLat {
  if (path.length < 2) return path[0] ?? [0, 0];
  const lengths = path.slice(1).map((p, i) => distanceMetres(path[i]!, p));
  const total = lengths.reduce((a, b) => a + b, 0);
  let left = Math.max(0, Math.min(1, fraction)) * total;
  for (let i = 0; i < lengths.length; i++) {
    const len = lengths[i]!;
    if (left <= len || i === lengths.length - 1) {
      const t = len === 0 ? 0 : Math.min(1, left / len);
      const a = path[i]!;
      const b = path[i + 1]!;
      return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    }
    left -= len;
  }
  return path[path.length - 1]!;
}

export function pathLengthMetres(path: readonly LngLat[]): number {
  let total = 0;
  for (let i = 1; i < path.length; i++) total += distanceMetres(path[i - 1]!, path[i]!);
  return total;
}
