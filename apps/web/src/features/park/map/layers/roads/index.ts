import L from 'leaflet';
import type { MapLayerDefinition } from '../../types.ts';

/** Roads with their names, speed limits and no-parking marks. */
export const roadsLayer: MapLayerDefinition = {
  label: '道路',
  defaultVisible: true,
  draws: 'layout',
  build: ({ data }) =>
    L.layerGroup(
      (data.layout?.roads ?? []).flatMap((r) => {
        const latlngs = r.path.map(([lng, lat]) => [lat, lng] as [number, number]);
        const tip = `${r.name}：限速 ${r.speedLimit} km/h${r.noParking ? '，禁止停车' : ''}`;
        return [
          L.polyline(latlngs, { color: '#8c8c8c', weight: 10, opacity: 0.5, lineCap: 'round' }).bindTooltip(tip, { sticky: true }),
          L.polyline(latlngs, { color: '#ffffff', weight: 2, opacity: 0.9, dashArray: '8 8', interactive: false }),
        ];
      }),
    ),
};
