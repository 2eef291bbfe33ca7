import L from 'leaflet';
import { distanceMetres, type LngLat } from '@park/core';

export type DrawKind = 'zone' | 'route';

/** Length of a route and area of a zone (shoelace in local metres), for the drawing's label. */
export function measure(kind: DrawKind, points: LngLat[]): string {
  if (kind === 'route') {
    let m = 0;
    for (let i = 1; i < points.length; i++) m += distanceMetres(points[i - 1]!, points[i]!);
    return `长度约 ${Math.round(m)} 米`;
  }
  if (points.length < 3) return '';
  const o = points[0]!;
  const xy = points.map((p) => [Math.sign(p[0] - o[0]) * distanceMetres(o, [p[0], o[1]]), Math.sign(p[1] - o[1]) * distanceMetres(o, [o[0], p[1]])] as const);
  let a = 0;
  for (let i = 0; i < xy.length; i++) {
    const [x1, y1] = xy[i]!;
    const [x2, y2] = xy[(i + 1) % xy.length]!;
    a += x1 * y2 - x2 * y1;
  }
  return `面积约 ${Math.round(Math.abs(a) / 2)} 平方米`;
}

/**
 * Draws a zone (polygon) or a route (line) by clicks on the map: each click adds a point, the
 * shape follows; 完成 keeps it, 清除 removes it. Pure Leaflet, so it works without tiles.
 */
export class DrawTool {
  private points: LngLat[] = [];
  private shape: L.Polyline | L.Polygon | null = null;
  private vertices = L.layerGroup();
  private readonly onClick = (e: L.LeafletMouseEvent) => this.add([e.latlng.lng, e.latlng.lat]);

  constructor(
    private readonly map: L.Map,
    private readonly kind: DrawKind,
    private readonly onChange: (points: LngLat[]) => void,
  ) {
    this.vertices.addTo(map);
    map.on('click', this.onClick);
    map.getContainer().classList.add('park-map-drawing');
  }

  private add(p: LngLat) {
    this.points.push(p);
    const latlngs = this.points.map(([lng, lat]) => [lat, lng] as [number, number]);
    this.shape?.remove();
    const style = { color: '#F33', weight: 3, dashArray: '6 4', className: 'park-drawn' };
    this.shape = (this.kind === 'zone' && this.points.length >= 3 ? L.polygon(latlngs, { ...style, fillOpacity: 0.15 }) : L.polyline(latlngs, style)).addTo(this.map);
    L.circleMarker(latlngs[latlngs.length - 1]!, { radius: 4, color: '#F33', fillColor: '#fff', fillOpacity: 1, weight: 2 }).addTo(this.vertices);
    this.onChange([...this.points]);
  }

  /** Stops taking clicks; the drawing stays on the map until cleared. */
  finish() {
    this.map.off('click', this.onClick);
    this.map.getContainer().classList.remove('park-map-drawing');
  }

  clear() {
    this.finish();
    this.shape?.remove();
    this.vertices.remove();
    this.points = [];
  }
}
