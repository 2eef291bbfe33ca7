import L from 'leaflet';
import { ONLINE_COLORS, ONLINE_STATES } from '@park/core';
import { pinHtml, popupContent } from '../../popup.ts';
import type { MapLayerDefinition } from '../../types.ts';

/** Broadcast hosts with the zones they serve; the popup opens 应急广播. */
export const broadcastLayer: MapLayerDefinition = {
  label: '广播',
  defaultVisible: true,
  draws: 'layout',
  build: ({ data, actions }) =>
    L.layerGroup(
      (data.layout?.devices ?? [])
        .filter((d) => d.deviceType === 'broadcast' && d.position)
        .map((d) =>
          L.marker([d.position![1], d.position![0]], {
            icon: L.divIcon({ className: 'park-pin-holder', html: pinHtml('广', d.online === 1 ? '#722ed1' : ONLINE_COLORS[0]), iconSize: [24, 24], iconAnchor: [12, 12] }),
            title: d.deviceName,
          }).bindPopup(() =>
            popupContent(d.deviceName, [`状态：${ONLINE_STATES[d.online === 1 ? 1 : 0]}`, d.zones.length ? `广播分区：${d.zones.join('、')}` : '未绑定广播分区'], [{ label: '去广播', run: actions.openBroadcast }]),
          ),
        ),
    ),
};
