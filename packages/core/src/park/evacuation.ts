import { distanceMetres, type LngLat } from './geometry.ts';

/**
 * The evacuation route from a point to the nearest exit along the park's roads (issue 24).
 *
 * Roads are polylines that meet anywhere, not only at their vertices (a road may start in the
 * middle of another, two roads may cross), so every segment is split where another segment
 * touches or crosses it; the pieces form a graph, and Dijkstra runs from the point (joined to
 * its nearest road) to every exit (each joined to its nearest road). Metres are local planar
 * coordinates: a park spans a few kilometres.
 */
export interface EvacuationExit {
  id: string;
  name: string;
  position: LngLat;
}

export interface EvacuationRoute {
  exit: EvacuationExit;
  /** From the point to the exit, [lng, lat] each. */
  path: LngLat[];
  lengthM: number;
  /** True when no road connects the two, and the route is a straight line. */
  straight: boolean;
}

/** Two segments closer than this are joined (a road drawn to end on another). */
const JOIN_M = 3;

type XY = [number, number];

interface Graph {
  points: XY[];
  key: Map<string, number>;
  edges: Map<number, Array<[number, number]>>;
}

function projector(origin: LngLat) {
  const cos = Math.cos((origin[1] * Math.PI) / 180);
  const M = 111_320;
  return {
    to: (p: LngLat): XY => [(p[0] - origin[0]) * M * cos, (p[1] - origin[1]) * M],
    from: (p: XY): LngLat => [origin[0] + p[0] / (M * cos), origin[1] + p[1] / M],
  };
}

/** Where along a–b (0…1) the point p projects, and how far it is from there. */
function project(p: XY, a: XY, b: XY): { t: number; d: number } {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return { t, d: Math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1]) };
}

/** Where segment a–b is crossed by c–d (parameter on a–b), or null when they do not cross. */
function crossing(a: XY, b: XY, c: XY, d: XY): number | null {
  const r: XY = [b[0] - a[0], b[1] - a[1]];
  const s: XY = [d[0] - c[0], d[1] - c[1]];
  const denom = r[0] * s[1] - r[1] * s[0];
  if (Math.abs(denom) < 1e-9) return null;
  const t = ((c[0] - a[0]) * s[1] - (c[1] - a[1]) * s[0]) / denom;
  const u = ((c[0] - a[0]) * r[1] - (c[1] - a[1]) * r[0]) / denom;
  return t > 0 && t < 1 && u >= 0 && u <= 1 ? t : null;
}

const lerp = (a: XY, b: XY, t: number): XY => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

function nodeOf(g: Graph, p: XY): number {
  // Half-metre grid: the same junction reached from two roads is one node.
  const k = `${Math.round(p[0] * 2)}:${Math.round(p[1] * 2)}`;
  let id = g.key.get(k);
  if (id === undefined) {
    id = g.points.length;
    g.points.push(p);
    g.key.set(k, id);
    g.edges.set(id, []);
  }
  return id;
}

function link(g: Graph, a: number, b: number) {
  if (a === b) return;
  const len = Math.hypot(g.points[a]![0] - g.points[b]![0], g.points[a]![1] - g.points[b]![1]);
  g.edges.get(a)!.push([b, len]);
  g.edges.get(b)!.push([a, len]);
}

function buildGraph(segments: Array<[XY, XY]>): Graph {
  const g: Graph = { points: [], key: new Map(), edges: new Map() };
  for (const [i, [a, b]] of segments.entries()) {
    const cuts = new Set<number>([0, 1]);
    for (const [j, [c, d]] of segments.entries()) {
      if (i === j) continue;
      const t = crossing(a, b, c, d);
      if (t !== null) cuts.add(t);
      // A road ending on this one (a T-junction) cuts it where it ends.
      for (const end of [c, d]) {
        const pr = project(end, a, b);
        if (pr.d <= JOIN_M && pr.t > 0 && pr.t < 1) cuts.add(pr.t);
      }
    }
    const ts = [...cuts].sort((x, y) => x - y);
    for (let k = 1; k < ts.length; k++) link(g, nodeOf(g, lerp(a, b, ts[k - 1]!)), nodeOf(g, lerp(a, b, ts[k]!)));
  }
  return g;
}

/** Joins p to the graph at its projection on the nearest road edge (a walk to it); returns p's node. */
function attach(g: Graph, roadEdges: ReadonlyArray<readonly [number, number]>, p: XY): number {
  let best: { a: number; b: number; t: number; d: number } | null = null;
  for (const [a, b] of roadEdges) {
    const pr = project(p, g.points[a]!, g.points[b]!);
    if (!best || pr.d < best.d) best = { a, b, ...pr };
  }
  if (!best) return nodeOf(g, p);
  const foot = nodeOf(g, lerp(g.points[best.a]!, g.points[best.b]!, best.t));
  link(g, foot, best.a);
  link(g, foot, best.b);
  const self = nodeOf(g, p);
  link(g, self, foot);
  return self;
}

function dijkstra(g: Graph, from: number): { dist: Float64Array; prev: Int32Array } {
  const n = g.points.length;
  const dist = new Float64Array(n).fill(Infinity);
  const prev = new Int32Array(n).fill(-1);
  const done = new Uint8Array(n);
  dist[from] = 0;
  // A park's road graph has tens to hundreds of nodes: a linear scan beats a heap's bookkeeping.
  for (;;) {
    let u = -1;
    for (let i = 0; i < n; i++) if (!done[i] && dist[i]! < Infinity && (u < 0 || dist[i]! < dist[u]!)) u = i;
    if (u < 0) break;
    done[u] = 1;
    for (const [v, len] of g.edges.get(u)!) {
      if (dist[u]! + len < dist[v]!) {
        dist[v] = dist[u]! + len;
        prev[v] = u;
      }
    }
  }
  return { dist, prev };
}

export function evacuationRoute(point: LngLat, roads: ReadonlyArray<readonly LngLat[]>, exits: readonly EvacuationExit[]): EvacuationRoute | null {
  if (exits.length === 0) return null;
  const { to, from } = projector(point);
  const segments: Array<[XY, XY]> = [];
  for (const path of roads) for (let i = 1; i < path.length; i++) segments.push([to(path[i - 1]!), to(path[i]!)]);
  const straight = (): EvacuationRoute => {
    const exit = exits.reduce((a, b) => (distanceMetres(point, b.position) < distanceMetres(point, a.position) ? b : a));
    return { exit, path: [point, exit.position], lengthM: Math.round(distanceMetres(point, exit.position)), straight: true };
  };
  if (segments.length === 0) return straight();
  const g = buildGraph(segments);
  // Points join the roads only, never another point's walk to them.
  const roadEdges = [...g.edges].flatMap(([a, list]) => list.filter(([b]) => b > a).map(([b]) => [a, b] as const));
  const start = attach(g, roadEdges, to(point));
  const exitNodes = exits.map((e) => attach(g, roadEdges, to(e.position)));
  const { dist, prev } = dijkstra(g, start);
  let best = -1;
  for (const [i, node] of exitNodes.entries()) if (dist[node]! < Infinity && (best < 0 || dist[node]! < dist[exitNodes[best]!]!)) best = i;
  if (best < 0) return straight();
  const path: LngLat[] = [];
  for (let v = exitNodes[best]!; v >= 0; v = prev[v]!) path.push(from(g.points[v]!));
  path.reverse();
  // Exact ends: the caller's point and the exit's position, not their grid-rounded nodes.
  path[0] = point;
  path[path.length - 1] = exits[best]!.position;
  return { exit: exits[best]!, path: path.map(([x, y]) => [Number(x.toFixed(6)), Number(y.toFixed(6))] as const), lengthM: Math.round(dist[exitNodes[best]!]!), straight: false };
}
