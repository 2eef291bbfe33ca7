import L from 'leaflet';
import type { MapLayerDefinition } from '../../types.ts';

/** Zones: forbidden ones red and hatched in the rules' sense, ordinary areas blue. */
export const zonesLayer: MapLayerDefinition = {
  label: '区域',
  defaultVisible: true,
  draws: 'layout',
  build: ({ data }) =>
    L.layerGroup(
      (data.layout?.zones ?? []).map((z) => {
        const forbidden = z.type === 'forbidden';
        return L.polygon(
          z.polygon.map(([lng, lat]) => [lat, lng] as [number, number]),
          { color: forbidden ? '#f5222d' : '#1677ff', weight: 2, fillOpacity: forbidden ? 0.2 : 0.08, dashArray: forbidden ? '6 4' : undefined, className: 'park-zone' },
        ).bindTooltip(`${z.name}${forbidden ? '（禁行区域）' : ''}`, { sticky: true });
      }),
    ),
};
