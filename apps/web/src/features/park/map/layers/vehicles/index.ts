import L from 'leaflet';
import { popupContent } from '../../popup.ts';
import type { MapLayerDefinition } from '../../types.ts';

/** Hazardous vehicles in the park: where each is now, and its track over the last hour. */
export const vehiclesLayer: MapLayerDefinition = {
  label: '危化品车辆',
  defaultVisible: true,
  draws: 'tracks',
  build: ({ data }) =>
    L.layerGroup(
      data.tracks.flatMap((t) => {
        const latlngs = t.points.map((p) => [p.position[1], p.position[0]] as [number, number]);
        const last = t.points[t.points.length - 1];
        if (!last) return [];
        const track = L.polyline(latlngs, { color: '#fa8c16', weight: 3, opacity: 0.75, className: 'park-track' });
        const marker = L.circleMarker(latlngs[latlngs.length - 1]!, { radius: 8, color: '#ffffff', weight: 2, fillColor: '#fa541c', fillOpacity: 1, className: 'park-vehicle' })
          .bindTooltip(t.plate, { permanent: true, direction: 'top', offset: [0, -8], className: 'park-label park-label-vehicle' })
          .bindPopup(() =>
            popupContent(t.plate, [
              t.companyName ? `企业：${t.companyName}` : null,
              t.material ? `装载：${t.material}${t.hazardousClassName ? `（${t.hazardousClassName}）` : ''}` : null,
              `车速：${last.speed} km/h`,
              `定位时间：${last.time}`,
              `近一小时轨迹点：${t.points.length} 个`,
            ]),
          );
        return [track, marker];
      }),
    ),
};
