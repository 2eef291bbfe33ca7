import L from 'leaflet';
import { CoordinateGrid } from '../../../controls/place/gis/coordinateGrid.ts';
import type { GisConfig } from '../../../controls/place/gis/gisConfig.ts';

/**
 * The map's base layers (spec 002 §9: 影像图, 平面图, 地形图). A TILE_URL with a `{layer}` field
 * (Tianditu: img / vec / ter) offers all three; one without it is the 平面图; with none at all the
 * map draws a coordinate grid of its own and everything else works the same (ADR 0004).
 */
const TIANDITU_LAYERS: Array<[string, string]> = [
  ['平面图', 'vec'],
  ['影像图', 'img'],
  ['地形图', 'ter'],
];

export function baseLayers(config: GisConfig, onTileError: () => void): Record<string, L.Layer> {
  if (!config.tileUrl) return { 坐标网格: new CoordinateGrid() };
  const make = (layer: string) => {
    const tiles = L.tileLayer(config.tileUrl, { subdomains: config.tileSubdomains || 'abc', attribution: config.attribution, maxZoom: 18, layer } as L.TileLayerOptions);
    tiles.on('tileerror', onTileError);
    return tiles;
  };
  if (!config.tileUrl.includes('{layer}')) return { 平面图: make('') };
  return Object.fromEntries(TIANDITU_LAYERS.map(([name, code]) => [name, make(code)]));
}
